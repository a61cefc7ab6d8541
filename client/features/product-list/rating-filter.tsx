import { Checkbox } from '../../ui/checkbox.tsx';
import { Stars } from '../../ui/stars.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { fieldsetStyle, legendStyle } from './panel-style.ts';

const STARS = [5, 4, 3, 2, 1] as const;

/** Spec section 9: rating 1 to 5 stars, any number ticked. */
export function RatingFilter({ value, onChange }: { value: Record<string, boolean>; onChange: (rating: Record<string, boolean>) => void }) {
  return (
    <fieldset css={fieldsetStyle}>
      <legend css={legendStyle}>Rating</legend>
      {STARS.map((n) => (
        <Checkbox
          key={n}
          name="rating"
          value={String(n)}
          checked={Boolean(value[n])}
          onChange={(e) => onChange({ ...value, [n]: e.target.checked })}
          label={
            <>
              <span aria-hidden="true">
                <Stars rating={n} />
              </span>
              <VisuallyHidden>{`${n} ${n === 1 ? 'star' : 'stars'}`}</VisuallyHidden>
            </>
          }
        />
      ))}
    </fieldset>
  );
}
