import { useId } from 'react';
import { LIMITS } from '#contracts/rules.ts';
import { colors, focusRing, space } from '../../ui/theme.ts';

const { min, max, step } = LIMITS.priceFilter;
export const NO_PRICE_LIMIT = 'no limit';

/**
 * Spec section 9: a slider from 10 to 1000 in steps of 10, shown in rupees on this page. It
 * starts at the spec's 500 (amended): until the shopper moves it, `value` is undefined, the
 * label says there is no limit and Filter sends no price.
 */
export function PriceFilter({ value, onChange }: { value: number | undefined; onChange: (price: number) => void }) {
  const id = useId();
  const shown = value === undefined ? NO_PRICE_LIMIT : `₹${value}`;
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
        value={value ?? LIMITS.priceFilter.default}
        aria-valuetext={shown}
        onChange={(e) => onChange(Number(e.target.value))}
        css={[{ width: '100%', accentColor: colors.primary }, focusRing]}
      />
    </div>
  );
}
