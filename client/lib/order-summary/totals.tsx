import type { ReactNode } from 'react';
import { formatDollars } from '../../ui/money.ts';

/** Spec section 2: shipping and tax are shown as included in the price. */
export function Totals({ itemsCount, cartSubtotal, children }: { itemsCount: number; cartSubtotal: number; children?: ReactNode }) {
  return (
    <section aria-labelledby="totals-heading" css={{ display: 'grid', gap: '0.5rem' }}>
      <h2 id="totals-heading" css={{ margin: 0, fontSize: '1.25rem' }}>
        Order summary
      </h2>
      <p css={{ margin: 0 }}>
        Items price (after tax): <strong>{formatDollars(cartSubtotal)}</strong> ({itemsCount} {itemsCount === 1 ? 'item' : 'items'})
      </p>
      <p css={{ margin: 0 }}>
        Shipping: <strong>included</strong>
      </p>
      <p css={{ margin: 0 }}>
        Tax: <strong>included</strong>
      </p>
      <p css={{ margin: 0, fontSize: '1.125rem' }}>
        Total price: <strong>{formatDollars(cartSubtotal)}</strong>
      </p>
      {children}
    </section>
  );
}
