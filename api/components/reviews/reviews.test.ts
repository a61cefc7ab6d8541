import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#contracts/product.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addProduct } from '../products/test-fixtures.ts';

describe('POST /api/users/review/:productId', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t.stop());

  const review = (token: string | undefined, productId: string, body: unknown) =>
    t.authed(token)(`/api/users/review/${productId}`, { method: 'POST', body: JSON.stringify(body) });
  const getOne = async (id: string) => (await (await fetch(`${t.url}/api/products/get-one/${id}`)).json()) as Product;
  const newProduct = (name: string) => addProduct(t.db, { name, category: 'Books' });

  it('when a visitor reviews, then 401 and nothing is stored', async () => {
    const id = await newProduct('Guarded book');
    const res = await review(undefined, id, { comment: 'Nice', rating: 5 });
    expect(res.status).toBe(401);
    expect(await getOne(id)).toMatchObject({ rating: 0, reviewsNumber: 0, reviews: [] });
  });

  it("when a user reviews, then 'review created' and the product shows the review, its average and count, the reviewer by first name and initial", async () => {
    const id = await newProduct('Reviewed book');
    const ann = await t.register({ name: 'Ann', lastName: 'Lee' });
    const res = await review(ann.token, id, { comment: '  Loved it  ', rating: 5 });
    expect(res.status).toBe(201);
    expect(await res.json()).toBe('review created');
    const product = await getOne(id);
    expect(product).toMatchObject({ rating: 5, reviewsNumber: 1 });
    expect(product.reviews).toEqual([
      {
        _id: expect.any(String),
        user: { name: 'Ann L.' },
        rating: 5,
        comment: 'Loved it',
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(product)).not.toMatch(/password|argon2|email/i);
    // The spec shows `user.name` only; the account's id would tie a review to the person.
    expect(JSON.stringify(product)).not.toContain(ann.user._id);
    const { rows } = await t.db.query<{ user_name: string }>('select user_name from reviews where product_id = $1', [id]);
    expect(rows).toEqual([{ user_name: 'Ann L.' }]);
  });

  it('when reviews were stored with full names before, then after the migration each publishes only the first name and initial', async () => {
    const id = await newProduct('Reviewed long ago');
    const john = await t.register({ name: 'John', lastName: 'Doe' });
    await t.db.query(
      `insert into reviews (product_id, user_id, user_name, rating, comment) values
         ($1, $2, 'John Doe', 4, 'Old'), ($1, null, 'Mary Ann Smith', 3, 'Gone'), ($1, null, 'Cher', 5, 'Mononym')`,
      [id, john.user._id],
    );
    await t.db.exec(await readFile(new URL('../../db/migrations/015-reviewer-initials.sql', import.meta.url), 'utf8'));
    const names = (await getOne(id)).reviews.map((r) => r.user.name).sort();
    expect(names).toEqual(['Cher', 'John D.', 'Mary Ann S.']);
  });

  it('when several users review, then the rating is their average and the count grows', async () => {
    const id = await newProduct('Divisive book');
    for (const rating of [5, 2, 4]) expect((await review((await t.register()).token, id, { comment: 'ok', rating })).status).toBe(201);
    expect(await getOne(id)).toMatchObject({ rating: 3.67, reviewsNumber: 3 });
  });

  it('when many users review one product at the same moment, then the count and average include every review', async () => {
    const id = await newProduct('Popular book');
    const users = await Promise.all(Array.from({ length: 10 }, () => t.register()));
    const ratings = users.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(users.map((u, i) => review(u.token, id, { comment: 'Concurrent', rating: ratings[i] })));
    expect(answers.map((r) => r.status)).toEqual(users.map(() => 201));
    expect(await getOne(id)).toMatchObject({ rating: 3, reviewsNumber: 10 });
  });

  it('when the same user reviews a product twice, then 400 says so and the first review stands', async () => {
    const id = await newProduct('Once only');
    const { token } = await t.register();
    await review(token, id, { comment: 'First', rating: 4 });
    const again = await review(token, id, { comment: 'Second', rating: 1 });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toMatch(/already reviewed this product/);
    const product = await getOne(id);
    expect(product).toMatchObject({ rating: 4, reviewsNumber: 1 });
    expect(product.reviews.map((r) => r.comment)).toEqual(['First']);
    // The same user may still review another product.
    expect((await review(token, await newProduct('Another'), { comment: 'Fine', rating: 3 })).status).toBe(201);
  });

  it.each([
    ['rating', { comment: 'x', rating: 0 }],
    ['rating', { comment: 'x', rating: 6 }],
    ['rating', { comment: 'x', rating: 4.5 }],
    ['rating', { comment: 'x' }],
    ['comment', { comment: '   ', rating: 3 }],
    ['comment', { rating: 3 }],
  ])('when the review has a bad %s (%o), then 400 names it and nothing is stored', async (field, body) => {
    const id = await newProduct(`Validated ${field}`);
    const res = await review((await t.register()).token, id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe(field);
    expect((await getOne(id)).reviewsNumber).toBe(0);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('when the product %s does not exist, then 404', async (id) => {
    const res = await review((await t.register()).token, id, { comment: 'Ghost', rating: 3 });
    expect(res.status).toBe(404);
    expect((await t.db.query(`select 1 from reviews where comment = 'Ghost'`)).rows).toEqual([]);
  });
});
