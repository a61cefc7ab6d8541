import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Product } from '#contracts/product.ts';
import { CartContext } from '../../lib/contexts.ts';
import { useCartActor } from '../../lib/hooks.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, LinkButton } from '../../ui/button.tsx';
import { InView } from '../../ui/in-view.tsx';
import { Select } from '../../ui/select.tsx';
import { colors, space } from '../../ui/theme.ts';
import { useAdoptDom } from '../../lib/use-adopt-dom.ts';
import { quantityOptions, useMaxUnits } from '../../lib/order-limit.ts';
import { tooManyUnits } from '#contracts/order-limit.ts';

/**
 * The quantity of `productID` the shopper just added (the cart machine's `lastAdded`), else null.
 * Here, not in lib/hooks.ts, which is in every first load.
 */
const useJustAdded = (productID: string): number | null => {
  const added = CartContext.useSelector((s) => (s.context.lastAdded?.productID === productID ? s.context.lastAdded.quantity : null));
  return useHydrated() ? added : null;
};

/** Quantity 1 to the smaller of the stock and MAX_UNITS_PER_PRODUCT, and Add to cart; the success banner offers Go back or Go to cart. */
export function AddToCart({ product }: { product: Product }) {
  const cart = useCartActor();
  const navigate = useNavigate();
  // The typed value of a form field: local. Whether the banner shows is the cart machine's.
  const [quantity, setQuantity] = useState(1);
  // A quantity picked in the server's page before the scripts took over is kept, not reset to 1.
  const quantityRef = useAdoptDom<HTMLSelectElement>((select) => setQuantity(Number(select.value) || 1));
  // Until then Add to cart could not add: it shows as disabled instead of swallowing the press.
  const hydrated = useHydrated();
  const added = useJustAdded(product._id);
  // A banner belongs to the visit that added: opening or leaving the page drops an old one.
  useEffect(() => {
    cart.send({ type: 'cart.dismissAdded' });
    return () => cart.send({ type: 'cart.dismissAdded' });
  }, [cart, product._id]);
  const inStock = product.count > 0;
  const maxUnits = useMaxUnits();

  // Back to where the shopper came from; a shared link opened in a new tab has no such page.
  // The router's own word for it ('default': its first entry), so the kiosk's history in
  // memory counts too: the browser's history.state says nothing of it.
  const { key } = useLocation();
  const goBack = () => (key !== 'default' ? navigate(-1) : navigate(paths.productList.to()));

  const add = () => {
    cart.send({
      type: 'cart.add',
      item: { productID: product._id, name: product.name, price: product.price, image: product.images[0], count: product.count, quantity },
    });
  };

  return (
    <div>
      <p css={{ fontWeight: 600, color: inStock ? colors.success : colors.danger }}>{inStock ? 'In stock' : 'Out of stock'}</p>
      {inStock ? (
        <div css={{ display: 'flex', gap: space(3), alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <div css={{ minWidth: 120 }}>
            <Select
              ref={quantityRef}
              label="Quantity"
              options={quantityOptions(product.count, maxUnits)}
              value={String(quantity)}
              onChange={(e) => setQuantity(Number(e.target.value))}
            />
            {product.count > maxUnits ? <p css={{ margin: 0, fontSize: '0.875rem' }}>{tooManyUnits(maxUnits)}</p> : null}
          </div>
          <div css={{ marginBottom: space(4) }}>
            <Button onClick={add} disabled={!hydrated}>
              Add to cart
            </Button>
          </div>
        </div>
      ) : null}
      {added !== null ? (
        // on a phone the banner would open below the fold: brought into view
        <InView>
          <Alert
            tone="success"
            action={
              <>
                <Button variant="secondary" onClick={goBack}>
                  Go back
                </Button>
                <LinkButton to={paths.cart.to()}>Go to cart</LinkButton>
              </>
            }
          >
            {`${product.name} is in your cart (quantity ${added}).`}
          </Alert>
        </InView>
      ) : null}
    </div>
  );
}
