import { CATEGORIES, categoryByName, categoryImageFile, slug } from './categories.ts';
import { demoImagePath, type PictureSpec } from './images.ts';
import { lighten, mix, type Rgb } from './png.ts';
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
  images: { path: string }[];
  attrs: { key: string; value: string }[];
  createdAt: Date;
  /** Filled in by the activity plan (reviews, orders). */
  rating: number;
  reviewsNumber: number;
  sales: number;
};

const NAMED_COLOURS: Record<string, Rgb> = {
  blue: [45, 95, 190],
  red: [200, 45, 50],
  black: [45, 45, 50],
  silver: [150, 155, 165],
  white: [210, 210, 215],
  pink: [225, 110, 160],
};

const DAY = 86_400_000;

/** A product's picture colour: its `color` attribute when it has one, else a shade of its category's colour. */
const productColour = (seed: ProductSeed, rng: Rng): Rgb => {
  const named = seed.attrs.color ? NAMED_COLOURS[seed.attrs.color] : undefined;
  if (named) return named;
  const base = categoryByName(seed.category).color;
  const accents: Rgb[] = [
    [230, 160, 40],
    [40, 160, 200],
    [120, 60, 160],
    [30, 140, 90],
  ];
  return mix(base, rng.pick(accents), rng.next() * 0.45);
};

export const productPictureFile = (name: string, n: number): string => `product-${slug(name)}-${n}.png`;

/** The categories, products and their pictures: the same on every run for the same seed. */
export const planCatalogue = (rng: Rng, now: Date) => {
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
    const colour = productColour(seed, rng);
    const images = Array.from({ length: seed.images }, (_, i) => {
      const file = productPictureFile(seed.name, i + 1);
      pictures.push({ file, kind: category.kind, color: i === 0 ? colour : lighten(colour, 0.15 * i), variant: i });
      return { path: demoImagePath(file) };
    });
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
