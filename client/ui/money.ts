const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the shop shows them everywhere but the list's price filter (spec sections 2 and 9). */
export const formatDollars = (amount: number): string => usd.format(amount);
