import { css } from '@emotion/react';
import { Link } from '../../ui/link.tsx';
import type { CartItem } from '#contracts/order.ts';
import { lineTotalCents } from '#machines/shared/money.ts';
import { fromCents } from '#contracts/rules.ts';
import { paths } from '../paths.ts';
import { formatDollars } from '../../ui/money.ts';
import { colors, space } from '../../ui/theme.ts';
import { ProductPicture } from '../../ui/product-picture.tsx';

const lineStyle = css({
  display: 'grid',
  gridTemplateColumns: '64px 1fr auto',
  gap: space(3),
  alignItems: 'center',
  padding: `${space(2)} 0`,
  borderBottom: `1px solid ${colors.border}`,
});
const imageStyle = css({ width: 64, height: 48, objectFit: 'cover', background: colors.surface, borderRadius: 4 });

/** The read-only lines of a checkout or an order: image, name link, price × quantity. */
export function OrderLines({ items, label = 'Order items' }: { items: readonly CartItem[]; label?: string }) {
  return (
    <ul aria-label={label} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.productID} css={lineStyle}>
          {item.image?.path ? (
            <ProductPicture image={item.image} width={64} height={48} sizes="64px" loading="lazy" css={imageStyle} />
          ) : (
            <span css={imageStyle} aria-hidden="true" />
          )}
          <span>
            <Link to={paths.productDetails.to(item.productID)}>{item.name}</Link>
            <br />
            <span css={{ color: colors.muted }}>
              {item.quantity} × {formatDollars(item.price)}
            </span>
          </span>
          <strong>{formatDollars(fromCents(lineTotalCents(item)))}</strong>
        </li>
      ))}
    </ul>
  );
}
