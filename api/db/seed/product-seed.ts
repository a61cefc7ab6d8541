/** One demo product as written in the catalogue files; prices in dollars, converted to cents on insert. */
export type ProductSeed = {
  category: string;
  name: string;
  price: number;
  count: number;
  attrs: Record<string, string>;
  /** How many pictures (1 to 3). */
  images: 1 | 2 | 3;
  description: string;
};

export const product = (
  category: string,
  name: string,
  price: number,
  count: number,
  attrs: Record<string, string>,
  images: 1 | 2 | 3,
  description: string,
): ProductSeed => ({ category, name, price, count, attrs, images, description });
