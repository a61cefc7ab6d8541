import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Category } from '#contracts/category.ts';
import type { Filter } from '#contracts/filter.ts';
import { listPath, tickCategory } from '#machines/filters/filters.ts';
import { Button } from '../../ui/button.tsx';
import { space } from '../../ui/theme.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { useAdoptDom } from '../../lib/use-adopt-dom.ts';
import { AttrsFilter } from './attrs-filter.tsx';
import { readDraft } from './read-draft.ts';
import { CategoryFilter } from './category-filter.tsx';
import { attrsOf } from './category-tree.ts';
import { PriceFilter, UNTOUCHED_PRICE } from './price-filter.tsx';
import { RatingFilter } from './rating-filter.tsx';
import type { ListUrl } from './use-list-url.ts';

const tickedNames = (map: Record<string, boolean> | undefined) => Object.keys(map ?? {}).filter((k) => map?.[k]);

export type FiltersPanelProps = { url: ListUrl; categories: readonly Category[] };

/**
 * The filters being edited start from the URL; nothing applies until 'Filter' navigates.
 * The page remounts this panel on every URL change, so back and forward reset the draft.
 */
export function FiltersPanel({ url, categories }: FiltersPanelProps) {
  const navigate = useNavigate();
  const { filter } = url.query;
  const pathCategory = url.location.categoryName;
  const [price, setPrice] = useState(filter.price);
  const [rating, setRating] = useState(filter.rating ?? {});
  const [category, setCategory] = useState(filter.category ?? {});
  const [attrs, setAttrs] = useState<NonNullable<Filter['attrs']>>(filter.attrs ?? []);

  // Boxes ticked and the slider moved in the server's page, before the scripts took over, are kept.
  const formRef = useAdoptDom<HTMLFormElement>((form) => {
    const dom = readDraft(form);
    // moved from where it was shown (a slider left there still means what the panel started with)
    if (dom.slider !== undefined && dom.slider !== (price ?? UNTOUCHED_PRICE)) setPrice(dom.slider);
    if (JSON.stringify(dom.rating) !== JSON.stringify(rating)) setRating(dom.rating);
    if (JSON.stringify(dom.category) !== JSON.stringify(category)) setCategory(dom.category);
    if (JSON.stringify(dom.attrs) !== JSON.stringify(attrs)) setAttrs(dom.attrs);
  });
  // Until then Filter and Reset could not work: shown disabled instead of reloading the page.
  const hydrated = useHydrated();

  // A category list narrows by its path; elsewhere the ticked categories choose the attributes.
  const chosen = pathCategory ? [pathCategory] : tickedNames(category);
  const choices = attrsOf(categories, chosen);

  const onTick = (name: string, checked: boolean) => {
    const next = tickCategory(category, name, checked);
    if (next.reload) {
      navigate(next.reload);
      return;
    }
    setCategory(next.category);
  };

  const apply = () => {
    const keys = new Set(choices.map((c) => c.key));
    navigate(
      url.filterHref({
        ...(price === undefined ? {} : { price }),
        rating,
        ...(pathCategory ? {} : { category }),
        // attributes of a category no longer chosen would silently empty the list
        attrs: attrs.filter((a) => keys.has(a.key)),
      }),
    );
  };

  return (
    <form
      ref={formRef}
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <PriceFilter value={price} onChange={setPrice} />
      <RatingFilter value={rating} onChange={setRating} />
      {pathCategory ? null : <CategoryFilter categories={categories} value={category} onTick={onTick} />}
      <AttrsFilter choices={choices} value={attrs} onChange={setAttrs} />
      <div css={{ display: 'flex', gap: space(2), marginTop: space(4), flexWrap: 'wrap' }}>
        <Button type="submit" disabled={!hydrated}>
          Filter
        </Button>
        {/* A category list stays that category's list (spec amendment): only the filters go. */}
        <Button variant="danger" disabled={!hydrated} onClick={() => navigate(listPath({ categoryName: pathCategory }))}>
          Reset filters
        </Button>
      </div>
    </form>
  );
}
