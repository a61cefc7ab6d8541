import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCartActor, useUserInfo } from '../../../app/hooks.ts';
import { paths } from '../../../app/paths.ts';
import { CartContext } from '../../../app/providers.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { pageStyle } from '../page-style.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { useReprice } from './use-reprice.ts';

export const REPRICED_TEXT = 'Prices or stock changed since you added these products. Check your order before placing it.';

/** What the order would be placed on: a change here starts the checkout afresh. */
const signatureOf = (items: readonly { productID: string; quantity: number; price: number }[]) =>
  items.map((i) => `${i.productID}:${i.quantity}:${i.price}`).join('|');

/**
 * /user/cart-details (guarded): reprices the cart from the server, then lets checkoutMachine
 * run the summary. Once the order is placed the cart is emptied and its page opens.
 */
export function CartDetailsPage() {
  usePageTitle('Checkout');
  const userInfo = useUserInfo();
  const cart = useCartActor();
  const items = CartContext.useSelector((s) => s.context.items);
  const itemsCount = CartContext.useSelector((s) => s.context.itemsCount);
  const cartSubtotal = CartContext.useSelector((s) => s.context.cartSubtotal);
  const navigate = useNavigate();
  const reprice = useReprice();
  // Set before the cart is emptied, so the emptied cart never shows as a new checkout.
  const placed = useRef<string | null>(null);

  const onPlaced = useCallback(
    (orderId: string) => {
      placed.current = orderId;
      navigate(paths.user.orderDetails.to(orderId));
      cart.send({ type: 'cart.clear' });
    },
    [cart, navigate],
  );

  return (
    <section css={pageStyle} aria-labelledby="cart-details-heading">
      <h1 id="cart-details-heading">Checkout</h1>
      {reprice.notes.length > 0 ? (
        <Alert tone="warning">
          <p css={{ margin: 0, fontWeight: 600 }}>{REPRICED_TEXT}</p>
          <ul css={{ margin: '0.5rem 0 0' }}>
            {reprice.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {reprice.error ? (
        <Alert tone="danger" action={<Button onClick={() => void reprice.check()}>Try again</Button>}>
          {reprice.error}
        </Alert>
      ) : null}
      {!userInfo || !reprice.checked || placed.current ? (
        <div aria-busy="true" css={{ display: 'grid', gap: 12 }}>
          <VisuallyHidden role="status">{placed.current ? 'Opening your order ...' : 'Checking the current prices ...'}</VisuallyHidden>
          <Skeleton height={80} />
          <Skeleton height={160} />
        </div>
      ) : (
        <CheckoutSummary
          key={signatureOf(items)}
          input={{ userId: userInfo._id, items, itemsCount, cartSubtotal }}
          beforePlace={reprice.check}
          onPlaced={onPlaced}
        />
      )}
    </section>
  );
}
