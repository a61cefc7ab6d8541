import { css } from '@emotion/react';
import { Link } from '../../ui/link.tsx';
import { useCartItemsCount } from '../../lib/hooks.ts';
import { paths } from '../../lib/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { CartIcon } from '../../ui/icons.tsx';
import { media } from '../../ui/theme.ts';
import { navLinkStyle } from './nav-style.ts';

const cartStyle = css({ display: 'inline-flex', alignItems: 'center', gap: 6 });

/** The header's cart link; its badge shows the item count and stays blank at zero (spec section 1). */
export function CartLink() {
  const count = useCartItemsCount();
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty';
  return (
    <Link to={paths.cart.to()} css={[navLinkStyle, cartStyle]} aria-label={label}>
      <Badge tone="danger">{count > 0 ? count : null}</Badge>
      <CartIcon />
      {/* The link's label names it; a phone's one-row header has no room for the word. */}
      <span css={{ [media.belowLg]: { display: 'none' } }}>Cart</span>
    </Link>
  );
}
