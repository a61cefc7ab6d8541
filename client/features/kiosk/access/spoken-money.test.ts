import { describe, expect, it } from 'vitest';
import { formatDollars } from '../../../ui/money.ts';
import { spokenMoney } from './spoken-money.ts';

describe('prices as Read aloud says them', () => {
  it('when a price is whole dollars, then it is said as dollars, not as a sign, a point and two zeros', () => {
    expect(spokenMoney('Cart total: $649.00')).toBe('Cart total: 649 dollars');
    expect(spokenMoney(`Price ${formatDollars(1898)}`)).toBe('Price 1,898 dollars');
    expect(spokenMoney('$1.00 each')).toBe('1 dollar each');
  });

  it('when a price has cents, then dollars and cents are said; cents alone are cents', () => {
    expect(spokenMoney(formatDollars(12.5))).toBe('12 dollars and 50 cents');
    expect(spokenMoney('$0.05')).toBe('5 cents');
    expect(spokenMoney('$3.01')).toBe('3 dollars and 1 cent');
  });

  it('when a text has several amounts, a negative one or none, then each is said as money and the rest stays', () => {
    expect(spokenMoney('From $10 to $50, saved -$5.00')).toBe('From 10 dollars to 50 dollars, saved minus 5 dollars');
    expect(spokenMoney('Add to cart, button')).toBe('Add to cart, button');
  });
});
