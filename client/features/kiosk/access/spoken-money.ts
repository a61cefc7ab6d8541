/**
 * Prices as a voice says money: `$649.00` is `649 dollars`, `$12.50` is `12 dollars and 50
 * cents`. A speech engine reads the shop's written amounts literally (`dollar sign six hundred
 * forty-nine point zero zero`, or the digits one by one), which a listener cannot take in.
 */
const AMOUNT = /([-−]?)\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)/g;

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One written amount (`$1,898.05`) as spoken words (`1,898 dollars and 5 cents`). */
const spokenAmount = (sign: string, whole: string, fraction = ''): string => {
  const dollars = Number(whole.replace(/,/g, ''));
  const cents = Number(fraction.padEnd(2, '0'));
  const parts =
    cents === 0
      ? [counted(dollars, 'dollar', 'dollars')]
      : dollars === 0
        ? [counted(cents, 'cent', 'cents')]
        : [counted(dollars, 'dollar', 'dollars'), 'and', counted(cents, 'cent', 'cents')];
  return [sign ? 'minus' : '', ...parts].filter(Boolean).join(' ');
};

/** `text` with every dollar amount in it said as money; the rest as it was. */
export const spokenMoney = (text: string): string =>
  text.replace(AMOUNT, (_all, sign: string, whole: string, fraction?: string) => spokenAmount(sign, whole, fraction));
