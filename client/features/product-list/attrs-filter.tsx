import type { CategoryAttr } from '#contracts/category.ts';
import type { Filter } from '#contracts/filter.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { fieldsetStyle, legendStyle } from './panel-style.ts';

type Attrs = NonNullable<Filter['attrs']>;

/** The boxes' names: `attr:` and the key (read back by the panel's adoption of the server's page). */
export const ATTR_FIELD = 'attr:';

const toggle = (attrs: Attrs, key: string, value: string, checked: boolean): Attrs => {
  const current = attrs.find((a) => a.key === key)?.values ?? [];
  const values = checked ? [...new Set([...current, value])] : current.filter((v) => v !== value);
  return [...attrs.filter((a) => a.key !== key), ...(values.length ? [{ key, values }] : [])];
};

/** One group of checkboxes per attribute of the chosen category (spec section 3: attrs). */
export function AttrsFilter({
  choices,
  value,
  onChange,
}: {
  choices: readonly CategoryAttr[];
  value: Attrs;
  onChange: (attrs: Attrs) => void;
}) {
  return (
    <>
      {choices.map((attr) => (
        <fieldset key={attr.key} css={fieldsetStyle}>
          <legend css={legendStyle}>{attr.key}</legend>
          {attr.value.map((v) => (
            <Checkbox
              key={v}
              label={v}
              name={`${ATTR_FIELD}${attr.key}`}
              value={v}
              checked={value.some((a) => a.key === attr.key && a.values.includes(v))}
              onChange={(e) => onChange(toggle(value, attr.key, v, e.target.checked))}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}
