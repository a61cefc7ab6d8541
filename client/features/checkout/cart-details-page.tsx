import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CHECKOUT_TEXTS } from '#machines/checkout/checkout.machine.ts';
import { useLendStep } from '../../lib/checkout-step.ts';
import { useCartActor, useUserInfo } from '../../lib/hooks.ts';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { pageStyle } from '../../ui/page-style.ts';
import { CheckoutSummary, Waiting } from './checkout-summary.tsx';
import { checkoutStorage, liveCheckoutMachine } from './live-checkout.ts';
import { devEventLog } from '../../lib/event-log.ts';

/** What the checkout's history entry holds once its order is placed. */
type PlacedState = { placedOrder: string };

/** /user/cart-details (guarded): the checkout machine runs it; the page shows its snapshot. */
export function CartDetailsPage() {
  usePageTitle('Checkout');
  const userInfo = useUserInfo();
  // Back after Place order returns to this entry, marked with the order it placed: show that order, not an emptied checkout.
  const placedOrder = (useLocation().state as PlacedState | null)?.placedOrder;
  if (placedOrder) return <Navigate to={paths.user.orderDetails.to(placedOrder)} replace />;
  return (
    <section css={pageStyle} aria-labelledby="cart-details-heading">
      <h1 id="cart-details-heading">Checkout</h1>
      {userInfo ? <Checkout key={userInfo._id} userId={userInfo._id} /> : <Waiting text="Loading your order summary ..." />}
    </section>
  );
}

/**
 * One checkout machine per page: it reprices the cart and writes the changes back to the cart
 * actor, holds the notice, places the order and empties the cart. Routing stays here: the
 * placed order's page opens on the machine's `checkout.orderPlaced`.
 */
function Checkout({ userId }: { userId: string }) {
  const cart = useCartActor();
  const navigate = useNavigate();
  const checkout = useActorRef(liveCheckoutMachine, {
    input: { userId, cart, storage: checkoutStorage() },
    inspect: devEventLog?.inspect('checkout'),
  });
  useLendStep('checkout', checkout);
  const notes = useSelector(checkout, (s) => s.context.notes);
  const priceError = useSelector(checkout, (s) => s.context.priceError);
  const checkingPrices = useSelector(checkout, (s) => s.hasTag('checkingPrices'));
  const placed = useSelector(checkout, (s) => s.hasTag('placed'));

  useEffect(() => {
    // The checkout's history entry remembers the order it placed, then the order opens: Back shows that order
    // (CartDetailsPage redirects), never a checkout of the emptied cart ($0).
    const sub = checkout.on('checkout.orderPlaced', ({ orderId }) => {
      navigate(paths.user.cartDetails.to(), { replace: true, state: { placedOrder: orderId } satisfies PlacedState });
      navigate(paths.user.orderDetails.to(orderId));
    });
    return () => sub.unsubscribe();
  }, [checkout, navigate]);

  return (
    <>
      {notes.length > 0 ? (
        <Alert tone="warning">
          <p css={{ margin: 0, fontWeight: 600 }}>{CHECKOUT_TEXTS.repriced}</p>
          <ul css={{ margin: '0.5rem 0 0' }}>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {priceError ? (
        <Alert tone="danger" action={<Button onClick={() => checkout.send({ type: 'checkout.recheckPrices' })}>Try again</Button>}>
          {priceError}
        </Alert>
      ) : null}
      {checkingPrices || placed ? (
        <Waiting text={placed ? 'Opening your order ...' : 'Checking the current prices ...'} />
      ) : (
        <CheckoutSummary checkout={checkout} />
      )}
    </>
  );
}
