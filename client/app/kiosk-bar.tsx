import { css, Global } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { CartContext } from '../lib/contexts.ts';
import { paths } from '../lib/paths.ts';
import { callStaff, STAFF_TEXTS, useStaffCall } from '../lib/staff-call.ts';
import { Button, LinkButton } from '../ui/button.tsx';
import { formatDollars } from '../ui/money.ts';
import { colors, space } from '../ui/theme.ts';

const ContinueOnPhone = lazy(() => import('../features/cart/handoff/continue-on-phone.tsx'));

/** The login form's id (LOGIN_FORM_ID in features/auth/login-form.tsx, not imported: that chunk stays lazy). */
const LOGIN_FORM_ID = 'login-form';

/** The bar's height: the kiosk's page keeps this much room at its foot, so the bar hides nothing. */
export const KIOSK_BAR_PX = 112;

const bar = css({
  position: 'fixed',
  insetInline: 0,
  // Over the on-screen keyboard while it is open (features/kiosk/touch sets its height), else at the foot.
  bottom: 'var(--kiosk-keyboard-height, 0px)',
  zIndex: 1500,
  minHeight: KIOSK_BAR_PX,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space(4),
  padding: `${space(3)} ${space(8)}`,
  background: colors.navbar,
  color: colors.onNavbar,
  fontSize: '1.5rem',
  boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.25)',
});
/** The support chat's launcher and panel (features/chat/launcher.tsx ids) float above the bar, not under it. */
const chatAboveBar = css({
  '#support-chat-launcher': { bottom: `calc(${KIOSK_BAR_PX}px + ${space(4)}) !important` },
  '#support-chat-panel': {
    bottom: `calc(${KIOSK_BAR_PX}px + 64px + ${space(8)}) !important`,
    maxHeight: `calc(100vh - ${KIOSK_BAR_PX + 160}px) !important`,
  },
});
const actions = css({ display: 'flex', gap: space(4), alignItems: 'center' });
const big = css({ minHeight: 72, minWidth: 200, fontSize: '1.5rem', padding: `${space(3)} ${space(8)}` });
const compact = css({ minHeight: 72, fontSize: '1.25rem', padding: `${space(3)} ${space(4)}` });

/** What the shopper does next from where they are: look at the cart, go to checkout, or log in. */
function NextStep({ pathname, empty }: { pathname: string; empty: boolean }) {
  if (pathname === paths.cart.to())
    return empty ? (
      <Button css={big} disabled>
        Proceed
      </Button>
    ) : (
      <LinkButton css={big} to={paths.user.cartDetails.to()}>
        Proceed
      </LinkButton>
    );
  if (pathname === paths.login.to())
    return (
      <Button css={big} type="submit" form={LOGIN_FORM_ID}>
        Log in
      </Button>
    );
  if (pathname.startsWith('/user/') || pathname === paths.register.to()) return null;
  return (
    <LinkButton css={big} to={paths.cart.to()}>
      View cart
    </LinkButton>
  );
}

/**
 * The kiosk's fixed bar at the foot of the screen: the cart's total and the next step, where a
 * finger rests on a tall screen. Beside login and register it offers the phone instead (the
 * hand-off QR), so no shopper has to type an account on a public terminal.
 */
export function KioskBar() {
  const { pathname } = useLocation();
  const { itemsCount, cartSubtotal } = CartContext.useSelector((s) => s.context);
  const offerPhone = pathname === paths.login.to() || pathname === paths.register.to();
  const staffSees = useStaffCall().sharing;
  return (
    // A press on the bar keeps the focus where it is: the field keeps its on-screen keyboard, so the bar does not move under the finger.
    <aside css={bar} aria-label="Your cart and next step" onMouseDown={(e) => e.preventDefault()}>
      <Global styles={chatAboveBar} />
      {/* Total above count: the bar keeps one row of buttons beside it, even with Call staff. */}
      <p css={{ margin: 0, display: 'grid', fontSize: '1.25rem', lineHeight: 1.2 }}>
        <span>{`Cart total: ${formatDollars(cartSubtotal)}`}</span>
        <span css={{ opacity: 0.85 }}>{`${itemsCount} ${itemsCount === 1 ? 'item' : 'items'}`}</span>
      </p>
      <div css={actions}>
        {/* Opens the chat with sharing offered first; while shared, the bar says who sees the screen.
            Beside login and register the bar's room goes to the phone hand-off. */}
        {offerPhone ? null : staffSees ? (
          <p role="status" css={{ margin: 0, fontWeight: 600 }}>
            {STAFF_TEXTS.staffSees}
          </p>
        ) : (
          <Button css={compact} variant="secondary" onClick={callStaff}>
            {STAFF_TEXTS.callStaff}
          </Button>
        )}
        {offerPhone && itemsCount > 0 ? (
          <Suspense fallback={null}>
            <ContinueOnPhone />
          </Suspense>
        ) : null}
        <NextStep pathname={pathname} empty={cartSubtotal <= 0} />
      </div>
    </aside>
  );
}
