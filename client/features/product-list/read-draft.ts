import type { Filter } from '#contracts/filter.ts';
import { tickCategory } from '#machines/filters/filters.ts';
import { ATTR_FIELD } from './attrs-filter.tsx';

export type Draft = {
  /** Where the slider stands (undefined without one). */
  slider: number | undefined;
  rating: Record<string, boolean>;
  category: Record<string, boolean>;
  attrs: NonNullable<Filter['attrs']>;
};

const checked = (form: HTMLFormElement, name: string) =>
  [...form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`)]
    .filter((box) => box.checked)
    .map((box) => box.value);

/**
 * The filters as the form's controls show them. Before hydration the shopper may have ticked
 * boxes the server rendered (native boxes know no group rule: the ticks go through tickCategory,
 * so only one top-level group stays) or moved the slider.
 */
export const readDraft = (form: HTMLFormElement): Draft => {
  const range = form.querySelector<HTMLInputElement>('input[type="range"][name="price"]');
  const slider = range && Number.isFinite(Number(range.value)) ? Number(range.value) : undefined;
  const rating = Object.fromEntries(checked(form, 'rating').map((n) => [n, true]));
  const category = checked(form, 'category').reduce<Record<string, boolean>>((ticks, name) => tickCategory(ticks, name, true).category, {});
  const attrs = new Map<string, string[]>();
  for (const box of form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name^="${ATTR_FIELD}"]`)) {
    if (!box.checked) continue;
    const key = box.name.slice(ATTR_FIELD.length);
    attrs.set(key, [...(attrs.get(key) ?? []), box.value]);
  }
  return { slider, rating, category, attrs: [...attrs].map(([key, values]) => ({ key, values })) };
};
