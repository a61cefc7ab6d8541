import { Navigate } from 'react-router-dom';
import { Pagination } from '../../ui/pagination.tsx';

type AdminPagerProps = {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  /** What the table lists, e.g. "Orders": the nav is "Orders pages" for screen readers. */
  label: string;
};

/**
 * "Page N of M" and links under an admin table. A page past the last (its last row was just
 * deleted, or an old link) is replaced by the last page, so the table never shows empty by mistake.
 */
export function AdminPager({ page, pages, hrefOf, label }: AdminPagerProps) {
  if (page > pages) return <Navigate to={hrefOf(pages)} replace />;
  return <Pagination pageNum={page} linksNumber={pages} hrefOf={hrefOf} label={`${label} pages`} showPosition keepFocus />;
}
