import { css } from '@emotion/react';
import { Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AdminSessionProvider } from '../../lib/admin-session.tsx';
import { useIsAdmin } from '../../lib/hooks.ts';
import { useAfterHydration } from '../../lib/hydration.ts';
import { ReportProblemContext } from '../../lib/report-problem.ts';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { space } from '../../ui/theme.ts';
import { skipLinkStyle } from '../../ui/skip-link.ts';
import { visuallyHiddenStyle } from '../../ui/visually-hidden.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollPosition } from './scroll-position.tsx';

const pageStyle = css({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });
const mainStyle = css({ flex: 1, width: '100%', maxWidth: 1320, margin: '0 auto', padding: `${space(4)} ${space(3)}` });

/** What a page shows while its code or data arrives: blocks of its likely size, no jump later. */
export function PageSkeleton() {
  return (
    <div aria-busy="true" css={{ display: 'grid', gap: space(3) }}>
      <span role="status" css={visuallyHiddenStyle}>
        Loading ...
      </span>
      <Skeleton height={36} width="45%" />
      <Skeleton height={18} />
      <Skeleton height={18} width="85%" />
      <Skeleton height={240} />
    </div>
  );
}

export type LayoutProps = {
  /** The floating support chat for non-admins (the chat feature fills it). */
  chatWidget?: ReactNode;
  /** The unread marker beside the Admin link (the chat feature fills it). */
  adminDot?: ReactNode;
  /** The `Report a problem` dialog (the problem-reports feature fills it), fetched when first opened. */
  problemReport?: ComponentType<{ onClose: () => void }>;
};

/**
 * The floating chat is no part of the first paint, and it is the shopper's (an admin has none, a
 * conversation in this tab's storage): it mounts in a task of its own after hydration.
 * Its own component, so that neither the wait nor the role re-renders the whole layout.
 */
function ShopperChat({ widget }: { widget: ReactNode }) {
  const isAdmin = useIsAdmin();
  const ready = useAfterHydration();
  if (!ready || isAdmin) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>{widget}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Spec section 1: a header and footer wrap every page. For an admin it is also the admin's
 * layout: the admin session (one socket for chats and live orders) is provided here, around the
 * header's dot and the /admin pages alike. The layout reads nothing that changes when hydration
 * ends: what does (the session in the header, the chat button) re-renders alone.
 */
export function Layout({ chatWidget, adminDot, problemReport: ProblemReport }: LayoutProps) {
  const { pathname } = useLocation();
  const [reporting, setReporting] = useState(false);
  const report = useCallback(() => setReporting(true), []);
  return (
    <AdminSessionProvider>
      <ReportProblemContext.Provider value={ProblemReport ? report : null}>
        <div css={pageStyle}>
          <ScrollPosition />
          <a href="#main" css={skipLinkStyle}>
            Skip to content
          </a>
          {/* The header shows the dot to admins only. */}
          <Header adminDot={adminDot ? <Suspense fallback={null}>{adminDot}</Suspense> : null} />
          <main id="main" tabIndex={-1} css={[mainStyle, { '&:focus': { outline: 'none' } }]}>
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          <Footer />
          {chatWidget ? <ShopperChat widget={chatWidget} /> : null}
          {reporting && ProblemReport ? (
            <Suspense fallback={null}>
              <ProblemReport onClose={() => setReporting(false)} />
            </Suspense>
          ) : null}
        </div>
      </ReportProblemContext.Provider>
    </AdminSessionProvider>
  );
}
