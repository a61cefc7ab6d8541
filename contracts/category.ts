import { z } from 'zod';
import { Id } from './common.ts';
import { typedText } from './typed-text.ts';

export const CategoryAttr = z.object({
  key: z.string().min(1).max(100),
  value: z.array(z.string().max(100)),
});
export type CategoryAttr = z.infer<typeof CategoryAttr>;

/** A category's name is its slash-separated path, e.g. `Computers/Laptops/Dell`. */
export const Category = z.object({
  _id: Id,
  name: z.string(),
  description: z.string(),
  image: z.string(),
  attrs: z.array(CategoryAttr),
});
export type Category = z.infer<typeof Category>;

const categoryName = typedText('Please enter a category name')
  .trim()
  .min(1, 'Please enter a category name')
  .max(200)
  .refine((s) => !s.startsWith('/') && !s.endsWith('/') && !s.includes('//'), {
    message: 'A category path cannot start or end with a slash or have an empty part',
  })
  .refine((s) => !s.includes(','), { message: 'A category name cannot contain a comma' });

export const CategoryCreateBody = z.object({ category: categoryName });
export type CategoryCreateBody = z.infer<typeof CategoryCreateBody>;

export const CategoryAttrBody = z.object({
  key: typedText('Please enter an attribute key').trim().min(1, 'Please enter an attribute key').max(100),
  val: typedText('Please enter an attribute value').trim().min(1, 'Please enter an attribute value').max(100),
  categoryChoosen: z.string().min(1, 'Please choose a category'),
});
export type CategoryAttrBody = z.infer<typeof CategoryAttrBody>;

/**
 * PUT /api/categories/{name} (an addition, docs/interfaces.md): the category's name, description
 * and picture. A new name renames its sub-categories with it (`Computers/Laptops` follows
 * `Computers`) and moves their products; absent, the name stays. The picture is an image the shop
 * serves (`/images/…`, as a product's, uploaded through POST /api/products/admin/upload?categoryName=),
 * or empty for none.
 */
export const CategoryEditBody = z.object({
  name: categoryName.optional(),
  description: z.string().trim().max(2000, 'A description has at most 2000 characters'),
  image: z
    .string()
    .trim()
    .max(500)
    .refine((s) => s === '' || /^\/images\/[^?#\\]+$/.test(s), { message: 'Choose a picture the shop serves (/images/…), or none' }),
});
export type CategoryEditBody = z.infer<typeof CategoryEditBody>;

export type CategoryCreatedResponse = { categoryCreated: Category };
export type CategoryUpdatedResponse = { categoryUpdated: Category[] };
export type CategoryDeletedResponse = { categoryDeleted: boolean };
