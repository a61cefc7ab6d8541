import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from './link.tsx';
import { colors, focusRing, radius, space } from './theme.ts';

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
const gapStyle = css({ display: 'inline-flex', alignItems: 'center', minHeight: 40, padding: `0 ${space(1)}` });
const positionStyle = css({ textAlign: 'center', margin: `${space(2)} 0`, color: colors.muted });

/** Up to this many pages every page gets a link; beyond, a window around the current one. */
const ALL_LINKS_UP_TO = 9;
const AROUND = 2;

/**
 * The pages to link, in order, `null` where pages are left out: all of them when there are few;
 * else the first, the last and two either side of the current (100,000 rows are 5,000 pages).
 */
export const visiblePages = (current: number, count: number): Array<number | null> => {
  if (count <= ALL_LINKS_UP_TO) return Array.from({ length: count }, (_, i) => i + 1);
  const shown = new Set([1, count]);
  for (let p = current - AROUND; p <= current + AROUND; p += 1) if (p >= 1 && p <= count) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => {
    const before = sorted[i - 1];
    if (before === undefined || p - before === 1) return [p];
    // One page left out is linked itself: a gap mark would take as much room.
    return p - before === 2 ? [p - 1, p] : [null, p];
  });
};

export type PaginationProps = {
  pageNum: number;
  linksNumber: number;
  hrefOf: (page: number) => string;
  /** The nav's name for screen readers ("Pages" by default): several on one screen need their own. */
  label?: string;
  /** Says "Page N of M" above the links, where the list can be long (the admin tables). */
  showPosition?: boolean;
  /**
   * For a list that unmounts the links while the next page loads (the admin tables): the link
   * followed is focused again once they are back, so a keyboard or screen reader user keeps their
   * place instead of starting over from the top of the document.
   */
  keepFocus?: boolean;
};

/** History state of a followed page link when `keepFocus` is on: the link's accessible name. */
type FocusState = { paginationFocus?: string };

function useFocusReturn(keepFocus: boolean) {
  const nav = useRef<HTMLElement>(null);
  const { key, state } = useLocation();
  const wanted = keepFocus ? (state as FocusState | null)?.paginationFocus : undefined;
  useEffect(() => {
    if (!wanted || !nav.current) return;
    const links = [...nav.current.querySelectorAll<HTMLAnchorElement>('a')];
    // Next is gone on the last page: the current page's link stands in for it.
    (links.find((a) => a.getAttribute('aria-label') === wanted) ?? links.find((a) => a.getAttribute('aria-current') === 'page'))?.focus();
  }, [key, wanted]);
  return nav;
}

/** paginationLinksNumber links (a window of them when there are many); each link is built by `hrefOf`. */
export function Pagination({ pageNum, linksNumber, hrefOf, label = 'Pages', showPosition = false, keepFocus = false }: PaginationProps) {
  const nav = useFocusReturn(keepFocus);
  const focusState = (name: string): FocusState | undefined => (keepFocus ? { paginationFocus: name } : undefined);
  if (linksNumber <= 1) return null;
  return (
    <nav aria-label={label} ref={nav}>
      {showPosition ? <p css={positionStyle}>{`Page ${pageNum} of ${linksNumber}`}</p> : null}
      <ul css={listStyle}>
        {pageNum > 1 ? (
          <li>
            <Link to={hrefOf(pageNum - 1)} state={focusState('Previous page')} css={itemStyle} aria-label="Previous page">
              «
            </Link>
          </li>
        ) : null}
        {visiblePages(pageNum, linksNumber).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} css={gapStyle} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefOf(p)}
                state={focusState(`Page ${p}`)}
                css={itemStyle}
                aria-label={`Page ${p}`}
                aria-current={p === pageNum ? 'page' : undefined}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {pageNum < linksNumber ? (
          <li>
            <Link to={hrefOf(pageNum + 1)} state={focusState('Next page')} css={itemStyle} aria-label="Next page">
              »
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
