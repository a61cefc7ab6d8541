import type { ProductAttr, ProductBody } from '#contracts/product.ts';
import { PRICE_MESSAGE, priceCentsOf } from '#contracts/value-rules.ts';

/** The product form as typed (strings until sent). */
export type ProductDraft = {
  name: string;
  description: string;
  count: string;
  price: string;
  category: string;
  attributesTable: ProductAttr[];
};
export type DraftErrors = Partial<Record<'name' | 'description' | 'count' | 'price' | 'category', string>>;

export const emptyDraft: ProductDraft = { name: '', description: '', count: '', price: '', category: '', attributesTable: [] };

/** Spec section 5: name, description, count (a number), price and category are required; the price is the API's own rule. */
export const validateDraft = (d: ProductDraft): DraftErrors => {
  const e: DraftErrors = {};
  if (!d.name.trim()) e.name = 'Please enter a name';
  if (!d.description.trim()) e.description = 'Please enter a description';
  if (!/^\d+$/.test(d.count.trim())) e.count = 'Please enter the count in stock (a whole number)';
  if (priceCentsOf(d.price) === null) e.price = PRICE_MESSAGE;
  if (!d.category) e.category = 'Please choose a category';
  return e;
};

/** The wire body of POST and PUT /api/products/admin. */
export const toBody = (d: ProductDraft): ProductBody => ({
  name: d.name.trim(),
  description: d.description.trim(),
  count: Number(d.count),
  price: Number(d.price.trim()),
  category: d.category,
  attributesTable: d.attributesTable,
});
