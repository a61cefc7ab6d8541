import type { Category, CategoryAttr } from '#contracts/category.ts';

/** A category and every ancestor, nearest last: `A/B/C` → `A`, `A/B`, `A/B/C`. */
const lineage = (name: string): string[] => name.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));

/**
 * The attribute choices of the chosen categories: their own attrs and their parents' (a laptop
 * has the colour of every computer), one entry per key with the values merged.
 */
export function attrsOf(categories: readonly Category[], chosen: readonly string[]): CategoryAttr[] {
  const byName = new Map(categories.map((c) => [c.name, c]));
  const merged = new Map<string, string[]>();
  for (const name of new Set(chosen.flatMap(lineage))) {
    for (const attr of byName.get(name)?.attrs ?? []) {
      merged.set(attr.key, [...new Set([...(merged.get(attr.key) ?? []), ...attr.value])]);
    }
  }
  return [...merged].map(([key, value]) => ({ key, value }));
}

/** Nesting depth of a category, for indenting its checkbox under its parent. */
export const depthOf = (name: string): number => name.split('/').length - 1;
