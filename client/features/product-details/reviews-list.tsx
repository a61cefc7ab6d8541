import type { Review } from '#contracts/product.ts';
import { Stars } from '../../ui/stars.tsx';
import { colors, space } from '../../ui/theme.ts';

const dateOf = (iso: string) => iso.slice(0, 10);

/** Reviews are rendered as text nodes only: a comment holding HTML shows as typed, never runs. */
export function ReviewsList({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return <p>No reviews yet.</p>;
  return (
    <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: space(3) }}>
      {reviews.map((r) => (
        <li key={r._id} css={{ borderBottom: `1px solid ${colors.border}`, paddingBottom: space(3) }}>
          <p css={{ margin: 0, fontWeight: 600 }}>{r.user.name}</p>
          <Stars rating={r.rating} />
          <p css={{ margin: 0, color: colors.muted, fontSize: '0.9rem' }}>
            <time dateTime={r.createdAt}>{dateOf(r.createdAt)}</time>
          </p>
          <p css={{ margin: `${space(1)} 0 0`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.comment}</p>
        </li>
      ))}
    </ul>
  );
}
