import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductSummary } from '#contracts/product.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addProduct } from './test-fixtures.ts';

describe('GET /api/products/get-one/:id and /api/products/bestsellers', () => {
  let t: TestApi;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApi();
    const fixtures = [
      { name: 'Laptop', category: 'Computers/Laptops', rating: 4.8, images: [{ path: '/images/laptop.png' }] },
      { name: 'Desktop', category: 'Computers', rating: 3 },
      { name: 'Novel', category: 'Books/Fiction', rating: 4.9 },
      { name: 'Cookbook', category: 'Books', rating: 4 },
      { name: 'Chess', category: 'Games', rating: 2 },
      { name: 'Vinyl', category: 'Music', rating: 3.5 },
      { name: 'Teddy', category: 'Toys', rating: 4.2 },
      { name: 'Rake', category: 'Garden', rating: 1 },
      { name: 'Shovel', category: 'Garden/Tools', rating: 0.5 },
    ];
    for (const f of fixtures) ids[f.name] = await addProduct(t.db, { ...f, priceCents: 1999 });
  });
  afterAll(() => t.stop());

  const getJson = async <T>(path: string, status = 200): Promise<T> => {
    const res = await fetch(t.url + path);
    expect(res.status, path).toBe(status);
    return (await res.json()) as T;
  };
  const bestsellers = async () => (await getJson<ProductSummary[]>('/api/products/bestsellers')).map((p) => p.name);

  it('when a product is fetched, then it comes with its reviews, newest first, and its price in dollars', async () => {
    const { rows: users } = await t.db.query<{ id: string }>(
      `insert into users (name, last_name, email, password_hash) values ('Ann', 'Lee', 'ann@example.test', 'x'), ('Bob', 'Ray', 'bob@example.test', 'y') returning id`,
    );
    await t.db.query(
      `insert into reviews (product_id, user_id, user_name, rating, comment, created_at) values
         ($1, $2, 'Ann Lee', 5, 'Great', '2026-02-01T10:00:00Z'), ($1, $3, 'Bob Ray', 2, 'Meh', '2026-03-01T10:00:00Z')`,
      [ids.Laptop, users[0]!.id, users[1]!.id],
    );
    const product = await getJson<Product>(`/api/products/get-one/${ids.Laptop}`);
    expect(product).toMatchObject({
      _id: ids.Laptop,
      name: 'Laptop',
      price: 19.99,
      category: 'Computers/Laptops',
      images: [{ path: '/images/laptop.png' }],
      rating: 4.8,
    });
    expect(product.reviews.map((r) => [r.user.name, r.rating, r.comment, r.createdAt])).toEqual([
      ['Bob Ray', 2, 'Meh', '2026-03-01T10:00:00.000Z'],
      ['Ann Lee', 5, 'Great', '2026-02-01T10:00:00.000Z'],
    ]);
    expect(JSON.stringify(product)).not.toMatch(/password|hash|email/i);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"])(
    'when the product id is %s (unknown or malformed), then 404',
    async (id) => {
      const body = await getJson<{ message: string }>(`/api/products/get-one/${encodeURIComponent(id)}`, 404);
      expect(body.message).toMatch(/product was not found/);
    },
  );

  it('when nothing has sold yet, then the best-rated product of each top-level category shows, at most 5', async () => {
    const first = await getJson<ProductSummary[]>('/api/products/bestsellers');
    expect(first.map((p) => p.name)).toEqual(['Novel', 'Laptop', 'Teddy', 'Vinyl', 'Chess']);
    for (const p of first) expect(Object.keys(p)).toEqual(expect.arrayContaining(['_id', 'name', 'description', 'category', 'images']));
    expect(first[1]).toMatchObject({ category: 'Computers/Laptops', images: [{ path: '/images/laptop.png' }] });
    expect(await bestsellers()).toEqual(first.map((p) => p.name));
  });

  it('when products have sold, then each top-level category shows its best seller, best-selling categories first', async () => {
    await t.db.query(`update products set sales = case name when 'Desktop' then 10 when 'Shovel' then 3 when 'Cookbook' then 1 else 0 end`);
    // Computers: Desktop outsells the better-rated Laptop; Garden gets in on Shovel's sales; the rest fall back on rating.
    expect(await bestsellers()).toEqual(['Desktop', 'Shovel', 'Cookbook', 'Teddy', 'Vinyl']);
  });
});
