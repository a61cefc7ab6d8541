import type { Category } from '#contracts/category.ts';
import { disabledCategories } from '#machines/filters/filters.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { space } from '../../ui/theme.ts';
import { depthOf } from './category-tree.ts';
import { fieldsetStyle, legendStyle } from './panel-style.ts';

export type CategoryFilterProps = {
  categories: readonly Category[];
  value: Record<string, boolean>;
  onTick: (name: string, checked: boolean) => void;
};

/** Spec section 4: once one category is ticked, the other top-level groups are disabled. */
export function CategoryFilter({ categories, value, onTick }: CategoryFilterProps) {
  const names = categories.map((c) => c.name).sort();
  const disabled = new Set(disabledCategories(names, value));
  return (
    <fieldset css={fieldsetStyle}>
      <legend css={legendStyle}>Category</legend>
      {names.map((name) => (
        <div key={name} css={{ paddingLeft: space(4 * depthOf(name)) }}>
          <Checkbox
            label={name.split('/').at(-1)}
            aria-label={name}
            name="category"
            value={name}
            checked={Boolean(value[name])}
            disabled={disabled.has(name)}
            onChange={(e) => onTick(name, e.target.checked)}
          />
        </div>
      ))}
    </fieldset>
  );
}
