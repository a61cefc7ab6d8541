import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { colors, focusRing, radius, space } from '../../ui/theme.ts';

const listStyle = css({ display: 'flex', flexWrap: 'wrap', gap: space(1), listStyle: 'none', padding: 0, justifyContent: 'center' });
const itemStyle = css(
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 40,
    minHeight: 40,
    padding: `0 ${space(2)}`,
    border: `1px solid ${colors.border}`,
    borderRadius: radius,
    textDecoration: 'none',
    '&[aria-current="page"]': { background: colors.primary, color: colors.onPrimary, borderColor: colors.primary },
  },
  focusRing,
);

export type PaginationProps = { pageNum: number; linksNumber: number; hrefOf: (page: number) => string };

/** paginationLinksNumber links; each keeps the filters and sort of the current URL. */
export function Pagination({ pageNum, linksNumber, hrefOf }: PaginationProps) {
  if (linksNumber <= 1) return null;
  const pages = Array.from({ length: linksNumber }, (_, i) => i + 1);
  return (
    <nav aria-label="Pages">
      <ul css={listStyle}>
        {pageNum > 1 ? (
          <li>
            <Link to={hrefOf(pageNum - 1)} css={itemStyle} aria-label="Previous page">
              «
            </Link>
          </li>
        ) : null}
        {pages.map((p) => (
          <li key={p}>
            <Link to={hrefOf(p)} css={itemStyle} aria-label={`Page ${p}`} aria-current={p === pageNum ? 'page' : undefined}>
              {p}
            </Link>
          </li>
        ))}
        {pageNum < linksNumber ? (
          <li>
            <Link to={hrefOf(pageNum + 1)} css={itemStyle} aria-label="Next page">
              »
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
