// Intl's currency formatter costs about 14 ms the first time a page builds one (ICU's data),
// which landed in the first load's module or hydration task. The shop's amounts are
// written here by hand, as Intl writes them; anything unusual (zero, negative, tiny, a trillion
// or more) still goes to Intl, built on first use.
let usd: Intl.NumberFormat | undefined;
const intlDollars = (amount: number) => (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(amount);
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** Dollars as the shop shows them everywhere but the list's price filter (spec sections 2 and 9): `$1,898.00`. */
export const formatDollars = (amount: number): string => {
  if (!(amount >= 1e-6 && amount < 1e12)) return intlDollars(amount);
  // Intl rounds the decimal the number prints as (1.005 is $1.01), half away from zero.
  const [whole = '', fraction = ''] = String(amount).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  return `$${String(Math.floor(cents / 100)).replace(THOUSANDS, ',')}.${String(cents % 100).padStart(2, '0')}`;
};
