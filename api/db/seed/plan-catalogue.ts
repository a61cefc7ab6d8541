import type { ProductImage } from '#contracts/product.ts';
import { CATEGORIES, categoryByName, categoryImageFile } from './categories.ts';
import { demoImagePath, type PictureSpec } from './images.ts';
import { poolShotOf, type DemoPool } from './photo-pool.ts';
import type { ProductSeed } from './product-seed.ts';
import { MEDIA_PRODUCTS } from './products-media.ts';
import { TECH_PRODUCTS } from './products-tech.ts';
import type { Rng } from './random.ts';

export const DEMO_PRODUCTS: readonly ProductSeed[] = [...TECH_PRODUCTS, ...MEDIA_PRODUCTS];

export type CategoryRow = {
  name: string;
  description: string;
  image: string;
  attrs: { key: string; value: string[] }[];
  createdAt: Date;
};

export type ProductRow = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  count: number;
  category: string;
  images: ProductImage[];
  attrs: { key: string; value: string }[];
  createdAt: Date;
  /** Filled in by the activity plan (reviews, orders). */
  rating: number;
  reviewsNumber: number;
  sales: number;
};

const NAMED_COLOURS = new Set(['blue', 'red', 'black', 'silver', 'white', 'pink']);

const DAY = 86_400_000;

/**
 * The draws that chose each product's picture colour before the demo's photos came from a pool:
 * still taken, so every id, review, order and bestseller stays what it was.
 */
const keepColourDraws = (seed: ProductSeed, rng: Rng): void => {
  if (seed.attrs.color && NAMED_COLOURS.has(seed.attrs.color)) return;
  rng.int(0, 3);
  rng.next();
};

/**
 * The categories (with the pictures to draw for them) and the products, whose pictures are the
 * pool's photos: the same on every run for the same seed.
 */
export const planCatalogue = (rng: Rng, now: Date, pool: DemoPool) => {
  const pictures: PictureSpec[] = [];
  const categories: CategoryRow[] = CATEGORIES.map((c, i) => {
    const file = categoryImageFile(c.name);
    pictures.push({ file, kind: c.kind, color: c.color, variant: 0 });
    return {
      name: c.name,
      description: c.description,
      image: demoImagePath(file),
      attrs: c.attrs.map((a) => ({ key: a.key, value: [...a.value] })),
      createdAt: new Date(now.getTime() - (200 - i) * DAY),
    };
  });

  const products: ProductRow[] = DEMO_PRODUCTS.map((seed) => {
    const category = categoryByName(seed.category);
    for (const [key, value] of Object.entries(seed.attrs)) {
      if (!category.attrs.some((a) => a.key === key && a.value.includes(value)))
        throw new Error(`Demo product ${seed.name}: attribute ${key}=${value} is not one of ${category.name}'s`);
    }
    keepColourDraws(seed, rng);
    const images = Array.from({ length: seed.images }, (_, i) => pool[poolShotOf(category.kind, i)]);
    return {
      id: rng.uuid(),
      name: seed.name,
      description: seed.description,
      priceCents: Math.round(seed.price * 100),
      count: seed.count,
      category: seed.category,
      images,
      attrs: Object.entries(seed.attrs).map(([key, value]) => ({ key, value })),
      createdAt: new Date(now.getTime() - rng.int(35, 180) * DAY - rng.int(0, DAY - 1)),
      rating: 0,
      reviewsNumber: 0,
      sales: 0,
    };
  });
  return { categories, products, pictures };
};
