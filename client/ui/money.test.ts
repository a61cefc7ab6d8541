import { describe, expect, it } from 'vitest';
import { formatDollars } from './money.ts';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatDollars', () => {
  it('when given any amount, then it writes what Intl writes for US dollars', () => {
    const amounts = [
      0,
      -0,
      0.01,
      0.1,
      0.5,
      0.999,
      0.995,
      1,
      1.005,
      1.015,
      2.675,
      9.99,
      19.99,
      99.995,
      100,
      999.999,
      1000,
      1898,
      12345.675,
      1234567.89,
      1e-7,
      1e14,
      5e15,
      -3.5,
      -1898.1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    amounts.push(123456789.125, 999999999999.995, 999999999999.994, 1e12, 0.000001, 0.0000049);
    // Arbitrary doubles of every size a price or a total takes (a fixed sequence: the same every run).
    for (let i = 1, x = 0.5; i < 20_000; i++, x = (x * 9301 + 0.49297) % 1) amounts.push(x * 10 ** (i % 10));
    for (let cents = 0; cents < 300_000; cents += 7) amounts.push(cents / 100, cents / 100 + 0.005, cents / 1000);
    for (const amount of amounts) expect(formatDollars(amount), String(amount)).toBe(intl.format(amount));
  });
});
