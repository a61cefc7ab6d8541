import { css } from '@emotion/react';
import { Link } from '../../ui/link.tsx';
import type { CartItem } from '#contracts/order.ts';
import { paths } from '../../lib/paths.ts';
import { quantityOptions, useMaxUnits } from '../../lib/order-limit.ts';
import { tooManyUnits } from '#contracts/order-limit.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { formatDollars } from '../../ui/money.ts';
import { ProductPicture } from '../../ui/product-picture.tsx';

const lineStyle = css({
  display: 'grid',
  gridTemplateColumns: '80px 1fr auto',
  gridTemplateAreas: '"img name name" "img price price" "qty qty remove"',
  gap: space(3),
  alignItems: 'center',
  padding: `${space(3)} 0`,
  borderBottom: `1px solid ${colors.border}`,
  [media.lg]: { gridTemplateColumns: '80px 2fr 1fr 140px auto', gridTemplateAreas: '"img name price qty remove"' },
});
const area = (gridArea: string) => css({ gridArea, minWidth: 0 });
const imageStyle = css({ width: 80, height: 60, objectFit: 'cover', background: colors.surface, borderRadius: 4 });

export type CartLineProps = {
  item: CartItem;
  onQuantity: (quantity: number) => void;
  /** Remove pressed: the cart page asks 'Are you sure?' first (spec section 5). */
  onRemove: () => void;
};

/** One cart line: its picture, name, price, quantity and Remove. */
export function CartLine({ item, onQuantity, onRemove }: CartLineProps) {
  const maxUnits = useMaxUnits();
  // A line of a sold-out product keeps its one choice until the stock check removes it.
  const choices = quantityOptions(Math.max(1, item.count), maxUnits);
  // A line kept from before the limit shows its quantity as it is, beside the sentence saying why it cannot be ordered.
  const options = item.quantity > choices.length ? [...choices, { value: String(item.quantity), label: String(item.quantity) }] : choices;
  return (
    <li css={lineStyle}>
      {item.image?.path ? (
        <ProductPicture image={item.image} width={80} height={60} sizes="80px" loading="lazy" css={[imageStyle, area('img')]} />
      ) : (
        <span css={[imageStyle, area('img')]} aria-hidden="true" />
      )}
      <Link to={paths.productDetails.to(item.productID)} css={area('name')}>
        {item.name}
      </Link>
      <span css={area('price')}>{formatDollars(item.price)}</span>
      <div css={area('qty')}>
        <Select
          label={`Quantity of ${item.name}`}
          hideLabel
          value={String(item.quantity)}
          options={options}
          onChange={(e) => onQuantity(Number(e.target.value))}
        />
        {item.count > maxUnits || item.quantity > maxUnits ? (
          <p css={{ margin: `${space(1)} 0 0`, fontSize: '0.875rem', color: item.quantity > maxUnits ? colors.danger : undefined }}>
            {tooManyUnits(maxUnits)}
          </p>
        ) : null}
      </div>
      <Button variant="secondary" css={area('remove')} aria-label={`Remove ${item.name}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}
