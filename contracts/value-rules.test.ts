import { describe, expect, it } from 'vitest';
import { ProfileUpdateBody, RegisterBody } from './user.ts';
import { CategoryCreateBody } from './category.ts';
import { ProductBody, ReviewBody } from './product.ts';
import { addressValueProblem, cleanText, missingShippingFields, PRICE_MESSAGE, priceCentsOf, visible } from './value-rules.ts';

describe('prices in dollars and cents', () => {
  it.each([
    [19.99, 1999],
    ['19.99', 1999],
    ['7', 700],
    [0.1, 10],
    [' 0.5 ', 50],
    [1_000_000, 100_000_000],
  ])('when the price is %j, then it is %i cents', (price, cents) => {
    expect(priceCentsOf(price)).toBe(cents);
  });

  it.each([
    0.001,
    '0.001',
    0,
    '0',
    '0.00',
    -1,
    '-1',
    1_000_000.01,
    '1e3',
    1e21,
    1e-7,
    Number.NaN,
    Infinity,
    '19,99',
    '.5',
    '5.',
    '',
    null,
    undefined,
    {},
  ])('when the price is %j, then it is refused', (price) => {
    expect(priceCentsOf(price)).toBeNull();
  });

  it('when a product body has a price of 0.001, then the schema refuses it with the one message naming price', () => {
    const result = ProductBody.safeParse({ name: 'A', description: 'B', count: 1, price: 0.001, category: 'C' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['price', PRICE_MESSAGE]]);
    expect(ProductBody.parse({ name: 'A', description: 'B', count: 1, price: '19.99', category: 'C' }).price).toBe(19.99);
  });
});

describe('profile values', () => {
  it('when a value holds format characters or separators other than the plain space, then they are dropped and the ends trimmed', () => {
    expect(cleanText('\u200b')).toBe('');
    expect(cleanText(' 12\u00a0Main\u200d St\u2028 ')).toBe('12Main St');
    expect(cleanText('\ufeffAda\u202e')).toBe('Ada');
    expect(cleanText('New  York')).toBe('New  York');
  });

  it.each([
    ['address', 'x', 'Please enter a valid address'],
    ['city', '\u200bx\u200b', 'Please enter a valid city'],
    ['state', 'N', 'Please enter a valid state'],
    ['country', 'U ', 'Please enter a valid country'],
    ['zipCode', '12', 'Please enter a valid zip code'],
    ['zipCode', '12345678901', 'Please enter a valid zip code'],
    ['zipCode', '---', 'Please enter a valid zip code'],
    ['zipCode', '1234#', 'Please enter a valid zip code'],
    ['phoneNumber', '12345', 'Please enter a valid phone number'],
    ['phoneNumber', '1'.repeat(21), 'Please enter a valid phone number'],
    ['phoneNumber', 'call 123456', 'Please enter a valid phone number'],
  ] as const)('when %s is %j, then "%s"', (field, value, message) => {
    expect(addressValueProblem(field, value)).toBe(message);
    const result = ProfileUpdateBody.safeParse({ name: 'Ada', lastName: 'Lovelace', [field]: value });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it.each([
    ['address', '12 Analytical St'],
    ['city', 'Ōsaka'],
    ['state', 'NY'],
    ['country', 'UK'],
    ['zipCode', 'N1 9GU'],
    ['zipCode', '10001-1234'],
    ['phoneNumber', '+44 (20) 7946-0000'],
    ['phoneNumber', '123456'],
    ['address', ''],
    ['city', '\u200b'],
  ] as const)('when %s is %j, then it is accepted (an empty one is left out)', (field, value) => {
    expect(addressValueProblem(field, value)).toBeNull();
    expect(ProfileUpdateBody.parse({ name: 'Ada', lastName: 'Lovelace', [field]: value })[field]).toBe(cleanText(value));
  });

  it('when a name is only invisible characters, then it counts as empty, on the profile and at registration', () => {
    const profile = ProfileUpdateBody.safeParse({ name: '\u200b\u00a0', lastName: '\u2060' });
    expect(profile.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Please enter a name'],
      ['lastName', 'Please enter your last name'],
    ]);
    const register = RegisterBody.safeParse({ name: '\u200b', lastName: 'Lee', email: 'ann@example.test', password: 'secret1' });
    expect(register.error?.issues[0]?.message).toBe('Please enter a name');
    expect(ProfileUpdateBody.parse({ name: ' A\u200bda ', lastName: 'Lee' }).name).toBe('Ada');
  });

  it('when a stored shipping value is invisible or not valid, then checkout counts it as missing', () => {
    const good = {
      address: '12 Analytical St',
      city: 'London',
      country: 'UK',
      zipCode: 'N1 9GU',
      state: 'GL',
      phoneNumber: '+44 20 7946 0000',
    };
    expect(missingShippingFields(good)).toEqual([]);
    expect(missingShippingFields({ ...good, address: '\u200b', zipCode: 'x' })).toEqual(['address', 'zipCode']);
  });
});

describe('what a reader can see', () => {
  const blanks = ['\u3164\u3164', '\u115f\u1160', '\uffa0\uffa0', '\u2800\u2800', '\u0301\u0301', '\ufe0f\ufe0f', '\u3164\u0301\u2800'];

  it.each(blanks)(
    'when a value is %j (fillers, a braille blank, lone marks, variation selectors), then nothing in it counts as visible',
    (value) => {
      expect(visible(value)).toBe(0);
      expect(addressValueProblem('address', value)).toBe('Please enter a valid address');
      const result = ProfileUpdateBody.safeParse({ name: value, lastName: value, city: value });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['name', 'Please enter a name'],
        ['lastName', 'Please enter your last name'],
        ['city', 'Please enter a valid city'],
      ]);
    },
  );

  it('when a value has letters, digits, punctuation or symbols, then those count, accents and emoji included', () => {
    expect(visible('Zoë')).toBe(3);
    expect(visible('e\u0301')).toBe(1);
    expect(visible('№ 5 ❤\ufe0f')).toBe(3);
    expect(visible('서울')).toBe(2);
  });

  it.each([
    ['name', '\u001b[2JAda'],
    ['lastName', 'Lee\u0007'],
    ['address', '12 Main St\u0085'],
    ['city', 'Lon\ndon'],
    ['phoneNumber', '\t123456'],
  ] as const)("when %s holds a control character (%j), then it is refused with that field's message", (field, value) => {
    const result = ProfileUpdateBody.safeParse({ name: 'Ada', lastName: 'Lovelace', [field]: value });
    const message =
      { name: 'Please enter a name', lastName: 'Please enter your last name' }[field as string] ??
      addressValueProblem(field as 'address', value);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
    expect(message).toMatch(/^Please enter/);
  });

  it('when a product, review or category holds a control character, then it is refused; a line break in a review is kept', () => {
    const product = ProductBody.safeParse({ name: 'Lamp\u001b[2J', description: 'Bright\nand warm', count: 1, price: 5, category: 'C' });
    expect(product.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Please enter a name']]);
    expect(ReviewBody.safeParse({ comment: 'Good\u0007', rating: 5 }).error?.issues[0]?.message).toBe('Please write a comment');
    expect(ReviewBody.parse({ comment: 'Good.\nWould buy again.', rating: 5 }).comment).toBe('Good.\nWould buy again.');
    expect(CategoryCreateBody.safeParse({ category: 'Lamps\u0085' }).success).toBe(false);
  });
});
