import * as z from 'zod/mini';
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

export const emptyDraft: ProductDraft = { name: '', description: '', count: '', price: '', category: '', attributesTable: [] };

/** Spec section 5: name, description, count (a number), price and category are required; the price is the API's own rule. */
const draftFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter a name')),
  description: z.string().check(z.trim(), z.minLength(1, 'Please enter a description')),
  count: z.string().check(z.trim(), z.regex(/^\d+$/, 'Please enter the count in stock (a whole number)')),
  price: z.string().check(
    z.trim(),
    z.refine((v) => priceCentsOf(v) !== null, PRICE_MESSAGE),
  ),
  category: z.string().check(z.minLength(1, 'Please choose a category')),
  attributesTable: z.array(z.custom<ProductAttr>()),
};

/** The wire body of POST and PUT /api/products/admin, from a checked draft (trimmed). */
const toBody = (d: ProductDraft): ProductBody => ({ ...d, count: Number(d.count), price: Number(d.price) });

/** The edit page's form: its output is the body. */
export const productSchema = z.pipe(z.object(draftFields), z.transform(toBody));

/** The create page's form: the product and its images (at least one), sent together. */
export const newProductSchema = z.pipe(
  z.object({ ...draftFields, files: z.array(z.custom<File>()).check(z.minLength(1, 'Please choose at least one image')) }),
  z.transform(({ files, ...draft }) => ({ body: toBody(draft), files })),
);
