import { css } from '@emotion/react';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCartActor } from '../../lib/hooks.ts';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { paths } from '../../lib/paths.ts';
import { CartContext } from '../../lib/contexts.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { CartLine } from './cart-line.tsx';
import { formatDollars } from '../../ui/money.ts';

export const CART_TEXTS = { empty: 'Your cart is empty', proceed: 'Proceed To Checkout' } as const;

// Kiosk only: the hand-off and its QR library stay out of the shop's cart chunk.
const ContinueOnPhone = lazy(() => import('./handoff/continue-on-phone.tsx'));

const layout = css({ display: 'grid', gap: space(6), [media.lg]: { gridTemplateColumns: '2fr 1fr', alignItems: 'start' } });
const summary = css({ border: `1px solid ${colors.border}`, borderRadius: 6, padding: space(4), display: 'grid', gap: space(3) });

/**
 * /cart (spec sections 2, 4 and 5): the cart machine holds the lines, the totals and the
 * 'Are you sure?' before a line goes; this page only shows them and sends cart.setQuantity and
 * cart.askRemove, then the dialog's cart.confirmRemove or cart.dismissRemove.
 */
export function CartPage() {
  usePageTitle('Cart');
  const cart = useCartActor();
  const items = CartContext.useSelector((s) => s.context.items);
  const itemsCount = CartContext.useSelector((s) => s.context.itemsCount);
  const subtotal = CartContext.useSelector((s) => s.context.cartSubtotal);
  const notes = CartContext.useSelector((s) => s.context.notes);
  const checking = CartContext.useSelector((s) => s.hasTag('checking'));
  const asking = CartContext.useSelector((s) => s.context.removing !== null);
  const navigate = useNavigate();
  const kiosk = useKioskMode();
  useEffect(() => {
    // Shown: the lines are checked against the server's stock and prices (the cart machine's check).
    cart.send({ type: 'cart.check' });
    // Left (Back while it asks): the question is this page's, and must not greet the next visit.
    return () => cart.send({ type: 'cart.dismissRemove' });
  }, [cart]);

  return (
    <section aria-labelledby="cart-heading">
      <h1 id="cart-heading">Shopping Cart</h1>
      <div css={layout}>
        <div>
          {notes.length > 0 ? (
            <Alert tone="warning">
              <ul css={{ margin: 0, paddingLeft: space(4) }} aria-label="Changes to your cart">
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {items.length === 0 ? (
            <Alert tone="info">{CART_TEXTS.empty}</Alert>
          ) : (
            <ul css={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Products in your cart">
              {items.map((item) => (
                <CartLine
                  key={item.productID}
                  item={item}
                  onQuantity={(quantity) => cart.send({ type: 'cart.setQuantity', productID: item.productID, quantity })}
                  onRemove={() => cart.send({ type: 'cart.askRemove', productID: item.productID })}
                />
              ))}
            </ul>
          )}
        </div>
        <aside css={summary} aria-label="Cart summary" aria-busy={checking}>
          <h2 css={{ margin: 0, fontSize: '1.25rem' }}>
            Subtotal ({itemsCount} {itemsCount === 1 ? 'Product' : 'Products'})
          </h2>
          <p css={{ margin: 0 }}>
            Price: <strong>{formatDollars(subtotal)}</strong>
          </p>
          {/* Until the stock is checked, a line may be one the shop can no longer sell. */}
          <Button disabled={subtotal === 0 || checking} onClick={() => navigate(paths.user.cartDetails.to())}>
            {CART_TEXTS.proceed}
          </Button>
          {kiosk.active ? (
            <Suspense fallback={null}>
              <ContinueOnPhone />
            </Suspense>
          ) : null}
        </aside>
      </div>
      {/* One question at a time, about the line the machine holds; closing it returns focus to that line's Remove. */}
      <ConfirmDialog
        open={asking}
        onConfirm={() => cart.send({ type: 'cart.confirmRemove' })}
        onCancel={() => cart.send({ type: 'cart.dismissRemove' })}
      />
    </section>
  );
}
