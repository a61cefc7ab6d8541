import { css } from '@emotion/react';
import type { Category } from '#contracts/category.ts';
import { snippet } from '#contracts/rules.ts';
import { paths } from '../../lib/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import { Card, CardBody } from '../../ui/card.tsx';
import { CategoryPicture } from '../../ui/category-picture.tsx';
import { colors, media, space } from '../../ui/theme.ts';

const gridStyle = css({
  display: 'grid',
  gap: space(4),
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  padding: 0,
  listStyle: 'none',
  [media.lg]: { gridTemplateColumns: 'repeat(3, 1fr)' },
});
/** Spec section 2: only top-level categories (names without '/') appear on the home page. */
export const topLevel = (categories: readonly Category[]): Category[] => categories.filter((c) => !c.name.includes('/'));

export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  return (
    <ul css={gridStyle}>
      {topLevel(categories).map((c) => (
        <li key={c._id} css={{ display: 'flex' }}>
          <Card css={{ flex: 1 }}>
            <CategoryPicture image={c.image} />
            <CardBody>
              <h3 css={{ margin: 0 }}>{c.name}</h3>
              <p css={{ margin: 0, color: colors.muted, flex: 1 }}>{snippet(c.description)}</p>
              <div>
                <LinkButton to={paths.productList.to({ category: c.name })} aria-label={`Go to the Category ${c.name}`}>
                  Go to the Category
                </LinkButton>
              </div>
            </CardBody>
          </Card>
        </li>
      ))}
    </ul>
  );
}
