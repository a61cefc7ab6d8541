import { useId } from 'react';
import { LIMITS } from '#contracts/rules.ts';
import { formatDollars } from '../../ui/money.ts';
import { colors, focusRing, space } from '../../ui/theme.ts';

const { min, max, step } = LIMITS.priceFilter;
export const NO_PRICE_LIMIT = 'Any price';
/** Where the thumb stands until the shopper moves it: at the end, where no limit is. */
export const UNTOUCHED_PRICE = max;

/**
 * Spec section 9: a slider from 10 to 1000 in steps of 10, in the shop's currency (amended:
 * docs/interfaces.md). Until the shopper moves it, `value` is undefined, the thumb sits at the
 * end, the label says `Any price` and Filter sends no price.
 */
export function PriceFilter({ value, onChange }: { value: number | undefined; onChange: (price: number) => void }) {
  const id = useId();
  const shown = value === undefined ? NO_PRICE_LIMIT : formatDollars(value);
  return (
    <div css={{ marginTop: space(4) }}>
      <label htmlFor={id} css={{ display: 'block', fontWeight: 600 }}>
        Price no greater than: <output htmlFor={id}>{shown}</output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        name="price"
        value={value ?? UNTOUCHED_PRICE}
        aria-valuetext={shown}
        onChange={(e) => onChange(Number(e.target.value))}
        css={[{ width: '100%', accentColor: colors.primary }, focusRing]}
      />
    </div>
  );
}
