import { css } from '@emotion/react';
import { Suspense, type ReactNode } from 'react';
import { Link } from '../../ui/link.tsx';
import { useAuthRestoring, useIsAdmin, useUserInfo } from '../../lib/hooks.ts';
import { lazyNamed } from '../../lib/lazy.ts';
import { paths } from '../../lib/paths.ts';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import { SHOP_NAME } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { KioskExitPress } from '../kiosk/pin/kiosk-exit.tsx';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { useLocation } from 'react-router-dom';
import { AdminLink } from './admin-link.tsx';
import { CartLink } from './cart-link.tsx';
import { navLinkStyle } from './nav-style.ts';
import { SearchBox } from './search-box.tsx';
import { useHideOnScroll } from './use-hide-on-scroll.ts';

const barStyle = css({
  position: 'sticky',
  top: 0,
  zIndex: 1000,
  background: colors.navbar,
  color: colors.onNavbar,
  transition: 'transform 0.25s ease',
  // A keyboard user tabbing into a hidden bar must see where the focus went.
  '&[data-hidden="true"]:not(:focus-within)': { transform: 'translateY(-100%)' },
});
const innerStyle = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space(2),
  maxWidth: 1320,
  margin: '0 auto',
  padding: `${space(2)} ${space(3)}`,
  [media.lg]: { flexWrap: 'nowrap', gap: space(4) },
});
const brandStyle = css({ fontWeight: 800, fontSize: '1.125rem', marginRight: 'auto', [media.lg]: { fontSize: '1.25rem', marginRight: 0 } });
// A signed-in shopper's menu: a guest never sees it, so it is not part of a guest's first load.
const UserMenu = lazyNamed(() => import('./user-menu.tsx'), 'UserMenu');

const navStyle = css({ display: 'flex', alignItems: 'center', gap: space(1), marginLeft: 'auto' });

function SessionPlaceholder() {
  return (
    <span aria-busy="true" css={{ display: 'inline-block', width: 120 }}>
      <VisuallyHidden role="status">Checking your session ...</VisuallyHidden>
      <Skeleton height={20} />
    </span>
  );
}

/**
 * Who is logged in, as this tab's storage and the server say: it changes when hydration ends and
 * when the auth machine settles, and re-renders alone then, not the whole bar.
 */
function AccountLinks({ adminDot }: { adminDot?: ReactNode }) {
  const user = useUserInfo();
  const isAdmin = useIsAdmin();
  const restoring = useAuthRestoring();
  // On a kiosk a login returns to this page (checkout-return.ts), not to the profile.
  const { pathname, search } = useLocation();
  const returnHere = useKioskMode().active ? { returnTo: pathname + search } : undefined;
  return restoring ? (
    // Neither Login/Register nor a name until the server says who this tab's session is.
    <SessionPlaceholder />
  ) : !user ? (
    <>
      <Link to={paths.login.to()} state={returnHere} css={navLinkStyle}>
        Login
      </Link>
      <Link to={paths.register.to()} css={navLinkStyle}>
        Register
      </Link>
    </>
  ) : isAdmin ? (
    <AdminLink dot={adminDot} />
  ) : (
    // The same space, held while the menu's code arrives (once: then it is cached); if it
    // cannot arrive (offline), a plain link to the profile, where the rest is one step away.
    <ErrorBoundary
      fallback={
        <Link to={paths.user.profile.to()} css={navLinkStyle}>
          {user.name}
        </Link>
      }
    >
      <Suspense fallback={<Skeleton height={20} width={120} />}>
        <UserMenu user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Spec sections 1 and 2: the shared top bar. `adminDot` is the chat feature's unread marker. */
export function Header({ adminDot }: { adminDot?: ReactNode }) {
  const hidden = useHideOnScroll();
  return (
    <header css={barStyle} data-hidden={hidden}>
      <div css={innerStyle}>
        {/* On a kiosk, the logo held 5 s is the way out (PIN pad); elsewhere it is only the logo. */}
        <KioskExitPress>
          <Link to={paths.home.to()} css={[navLinkStyle, brandStyle]}>
            {SHOP_NAME}
          </Link>
        </KioskExitPress>
        <SearchBox />
        <nav aria-label="Account and cart" css={navStyle}>
          <AccountLinks adminDot={adminDot} />
          <CartLink />
        </nav>
      </div>
    </header>
  );
}
