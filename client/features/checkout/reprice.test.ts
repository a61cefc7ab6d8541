import { describe, expect, it } from 'vitest';
import type { Product } from '#contracts/product.ts';
import { cartLine } from '../../testing/user.tsx';
import { repriceLines } from './reprice.ts';

const product = (id: string, price: number, count: number): Product => ({
  _id: id,
  name: `Product ${id}`,
  description: '',
  price,
  count,
  images: [],
  rating: 0,
  reviewsNumber: 0,
  reviews: [],
  category: 'Books',
  attrs: [],
});

describe('repricing the cart', () => {
  it('when nothing changed on the server, then no line is touched and no notice is given', () => {
    const a = cartLine('a', 10, 2, 5);
    expect(repriceLines([{ item: a, product: product('a', 10, 5) }])).toEqual({ update: [], remove: [], notes: [] });
  });

  it('when only the stock changed and still covers the quantity, then the line updates without a notice', () => {
    const a = cartLine('a', 10, 2, 5);
    const result = repriceLines([{ item: a, product: product('a', 10, 3) }]);
    expect(result.update).toEqual([{ ...a, count: 3 }]);
    expect(result.notes).toEqual([]);
  });

  it('when the stock fell below the quantity, then the quantity follows the stock and a notice says so', () => {
    const a = cartLine('a', 10, 4, 5);
    const result = repriceLines([{ item: a, product: product('a', 10, 2) }]);
    expect(result.update).toEqual([{ ...a, count: 2, quantity: 2 }]);
    expect(result.notes).toEqual(['Only 2 of Product a left in stock: your quantity is now 2.']);
  });

  it('when a product is gone or sold out, then its line is removed with a notice', () => {
    const a = cartLine('a', 10);
    const b = cartLine('b', 5);
    const result = repriceLines([
      { item: a, product: null },
      { item: b, product: product('b', 5, 0) },
    ]);
    expect(result.remove).toEqual(['a', 'b']);
    expect(result.notes).toHaveLength(2);
  });
});
