import { colors } from './theme.ts';

/**
 * A read-only star rating. The stars are decoration; the accessible name states the value,
 * e.g. "Rated 3.5 out of 5". `size` is in px at the browser's 16 px root, given in rem so that a
 * kiosk's larger root font makes them large enough to see from a step back.
 */
export function Stars({ rating, max = 5, size = 18 }: { rating: number; max?: number; size?: number }) {
  const value = Math.max(0, Math.min(max, rating));
  const label = `Rated ${Math.round(value * 10) / 10} out of ${max}`;
  return (
    <span
      role="img"
      aria-label={label}
      css={{ display: 'inline-flex', gap: 2, color: colors.star, fontSize: `${size / 16}rem`, lineHeight: 1 }}
    >
      {Array.from({ length: max }, (_, i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <span key={i} aria-hidden="true" css={{ position: 'relative', display: 'inline-block' }}>
            <span css={{ color: '#9aa5b1' }}>★</span>
            <span css={{ position: 'absolute', left: 0, top: 0, overflow: 'hidden', width: `${fill * 100}%` }}>★</span>
          </span>
        );
      })}
    </span>
  );
}
