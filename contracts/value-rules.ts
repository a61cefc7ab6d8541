/**
 * What a price and a profile's values must look like, free of zod like rules.ts, so
 * the client's forms and the API's schemas check the one same rule and say the same sentence.
 */
import { SHIPPING_FIELDS, type ShippingField } from './rules.ts';

/** Every refusal of a product's price (field `price`). */
export const PRICE_MESSAGE = 'Please enter a price in dollars and cents';
export const PRICE_MAX_DOLLARS = 1_000_000;

/**
 * A price's cents, read from its decimal text (a number's own, or a string such as `"19.99"`):
 * positive, at most two decimals, at most PRICE_MAX_DOLLARS. Null for anything else, so 0.001
 * is refused rather than stored as 0, and no float rounding ever decides an amount.
 */
export const priceCentsOf = (value: unknown): number | null => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const parts = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!parts) return null;
  const cents = Number(parts[1]) * 100 + Number((parts[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= PRICE_MAX_DOLLARS * 100 ? cents : null;
};

// Unicode format characters (Cf: zero-width spaces and joiners, direction marks) and every
// separator but the plain space (no-break and ideographic spaces, line and paragraph separators).
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]|(?! )\p{Zs}/gu;

/** A typed value as stored: invisible characters dropped, then the ends trimmed. */
export const cleanText = (value: string): string => value.replace(INVISIBLE, '').trim();

/** Whether a typed name would be kept: no control character and at least one visible one. */
export const isNameValue = (value: string): boolean => !hasControlCharacter(value) && visible(cleanText(value)) > 0;

/** The profile's address fields (rules.ts's SHIPPING_FIELDS); each may be empty (spec section 5), a filled one must be valid. */
export const ADDRESS_FIELDS = SHIPPING_FIELDS;
export type AddressField = ShippingField;

export const ADDRESS_MESSAGES: Record<AddressField, string> = {
  address: 'Please enter a valid address',
  city: 'Please enter a valid city',
  state: 'Please enter a valid state',
  country: 'Please enter a valid country',
  zipCode: 'Please enter a valid zip code',
  phoneNumber: 'Please enter a valid phone number',
};

// A character a reader sees: a letter, digit, punctuation or symbol, but not a default-ignorable
// one (Hangul fillers, variation selectors) nor a letter or symbol that draws nothing (the
// Hangul fillers again, the braille blank). Spaces, lone combining marks and controls never count.
const DRAWN = /^[\p{L}\p{N}\p{P}\p{S}]$/u;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const BLANK_LOOKING = new Set(['\u115f', '\u1160', '\u3164', '\uffa0', '\u2800']);
const isVisibleChar = (c: string): boolean => DRAWN.test(c) && !IGNORABLE.test(c) && !BLANK_LOOKING.has(c);
/** How many characters of a value a reader sees (see isVisibleChar): `'\u3164\u3164'` has none. */
export const visible = (value: string): number => [...value].filter(isVisibleChar).length;

// Control characters (C0, DEL, C1: `ESC [2J`, BEL, NEL) are refused in every text field; a
// multi-line one (a description, a review) may hold line breaks and tabs.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
/** Whether a typed value holds a control character (multiLine: other than a tab or line break). */
export const hasControlCharacter = (value: string, multiLine = false): boolean => (multiLine ? CONTROL_BUT_LINES : CONTROL).test(value);
const digits = (value: string): number => value.replace(/\D/g, '').length;

const VALID: Record<AddressField, (value: string) => boolean> = {
  address: (v) => visible(v) >= 2,
  city: (v) => visible(v) >= 2,
  state: (v) => visible(v) >= 2,
  country: (v) => visible(v) >= 2,
  // 3 to 10 letters, digits, spaces or dashes, starting with a letter or digit (`N1 9GU`, `10001-1234`).
  zipCode: (v) => /^[\p{L}\p{Nd}][\p{L}\p{Nd} -]{2,9}$/u.test(v),
  // 6 to 20 digits, with `+ ( ) -` and spaces besides (`+44 20 7946 0000`, `(555) 123-4567`).
  phoneNumber: (v) => /^[\d+() -]+$/.test(v) && digits(v) >= 6 && digits(v) <= 20,
};

/** Whether a cleaned, non-empty value of an address field is one a parcel could be sent with. */
export const isValidAddressValue = (field: AddressField, cleaned: string): boolean => VALID[field](cleaned);

/** The message for a filled address field that is not valid (after cleaning); null when it is empty or valid. */
export const addressValueProblem = (field: AddressField, value: string): string | null => {
  if (hasControlCharacter(value)) return ADDRESS_MESSAGES[field];
  const cleaned = cleanText(value);
  return cleaned === '' || isValidAddressValue(field, cleaned) ? null : ADDRESS_MESSAGES[field];
};

/**
 * The fields a parcel could not be sent with: empty once invisible characters are dropped, or
 * not valid by the profile's own rule, so a stored `'\u200b'` or `'x'` counts as missing.
 */
export const missingShippingFields = (u: Partial<Record<ShippingField, string>>): ShippingField[] =>
  SHIPPING_FIELDS.filter((f) => {
    const value = cleanText(u[f] ?? '');
    return value === '' || !isValidAddressValue(f, value);
  });
export const hasShippingProfile = (u: Partial<Record<ShippingField, string>>): boolean => missingShippingFields(u).length === 0;
