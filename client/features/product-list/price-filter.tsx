import { useId } from 'react';
import { LIMITS } from '../../../contracts/rules.ts';
import { colors, focusRing, space } from '../../ui/theme.ts';

const { min, max, step } = LIMITS.priceFilter;

/** Spec section 9: a slider from 10 to 1000 in steps of 10, shown in rupees on this page. */
export function PriceFilter({ value, onChange }: { value: number; onChange: (price: number) => void }) {
  const id = useId();
  return (
    <div css={{ marginTop: space(4) }}>
      <label htmlFor={id} css={{ display: 'block', fontWeight: 600 }}>
        Price no greater than: <output htmlFor={id}>₹{value}</output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={`₹${value}`}
        onChange={(e) => onChange(Number(e.target.value))}
        css={[{ width: '100%', accentColor: colors.primary }, focusRing]}
      />
    </div>
  );
}
