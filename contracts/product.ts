import { z } from 'zod';
import { Id, Money, Timestamp } from './common.ts';
import { typedText } from './typed-text.ts';
import { SORTS } from './rules.ts';
import { PRICE_MESSAGE, priceCentsOf } from './value-rules.ts';

/** The spec's `{ path }`; an upload adds the served file's size, from which pages list its variants (contracts/images.ts). */
export const ProductImage = z.object({
  path: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** A review as everyone reads it: the reviewer by name only (no account id on public answers). */
export const Review = z.object({
  _id: Id,
  user: z.object({ name: z.string() }),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: Timestamp,
});
export type Review = z.infer<typeof Review>;

/**
 * How a review names its writer: the first name and the last name's initial (`John D.`), so a
 * review never publishes a customer's full name. Stored so at write time; migration 015 rewrote older rows.
 */
export const reviewerName = (name: string, lastName: string): string => {
  const initial = [...lastName.trim()][0];
  return initial ? `${name.trim()} ${initial}.` : name.trim();
};

export const ProductAttr = z.object({ key: z.string(), value: z.string() });
export type ProductAttr = z.infer<typeof ProductAttr>;

export const Product = z.object({
  _id: Id,
  name: z.string(),
  description: z.string(),
  price: Money,
  count: z.number().int().nonnegative(),
  images: z.array(ProductImage),
  rating: z.number().min(0).max(5),
  reviewsNumber: z.number().int().nonnegative(),
  reviews: z.array(Review),
  category: z.string(),
  attrs: z.array(ProductAttr),
  sales: z.number().int().nonnegative().optional(),
  createdAt: Timestamp.optional(),
});
export type Product = z.infer<typeof Product>;

/** Cards and admin rows carry no reviews. */
export const ProductSummary = Product.omit({ reviews: true });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const Sort = z.enum(SORTS);
export type Sort = z.infer<typeof Sort>;

/**
 * Query of GET /api/products: rating and category are comma-joined lists, attrs are
 * `key-value1-value2` items comma-joined, price is a maximum.
 */
export const ProductListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  price: z.coerce.number().nonnegative().max(1_000_000).optional(),
  rating: z.string().max(20).optional(),
  category: z.string().max(2000).optional(),
  attrs: z.string().max(2000).optional(),
  sort: Sort.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductListResponse = z.object({
  products: z.array(ProductSummary),
  paginationLinksNumber: z.number().int().nonnegative(),
  pageNum: z.number().int().min(1),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const ProductBody = z.object({
  name: typedText('Please enter a name').trim().min(1, 'Please enter a name').max(200),
  description: typedText('Please enter a description', true).trim().min(1, 'Please enter a description').max(5000),
  count: z.coerce.number().int('Count must be a whole number').nonnegative('Count cannot be negative').max(1_000_000),
  /** Read from its decimal text, a number's or a string's (0.001 was stored as 0); dollars out. */
  price: z.unknown().transform((value, ctx) => {
    const cents = priceCentsOf(value);
    if (cents !== null) return cents / 100;
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGE });
    return z.NEVER;
  }),
  category: typedText('Please choose a category').trim().min(1, 'Please choose a category').max(200),
  attributesTable: z
    .array(
      z.object({
        key: typedText('Please enter an attribute key').trim().min(1).max(100),
        value: typedText('Please enter an attribute value').trim().min(1).max(100),
      }),
    )
    .max(50)
    .default([]),
});
export type ProductBody = z.infer<typeof ProductBody>;

export type ProductCreatedResponse = { message: 'product created'; productId: string };
export type ProductUpdatedResponse = { message: 'product updated' };
export type ProductRemovedResponse = { message: 'product removed' };

export const ReviewBody = z.object({
  comment: typedText('Please write a comment', true).trim().min(1, 'Please write a comment').max(2000),
  rating: z.coerce.number().int('Rating must be a whole number of stars').min(1, 'Please choose a rating').max(5),
});
export type ReviewBody = z.infer<typeof ReviewBody>;
export type ReviewCreatedResponse = 'review created';

export type UploadResponse = { message: 'upload successful'; images: ProductImage[] };

/** GET /api/products/admin/image-host (admin): the hosting service's upload URL (IMAGE_HOST_URL), or null when images go to the shop. */
export type ImageHostResponse = { uploadUrl: string | null };
