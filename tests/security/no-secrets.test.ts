import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { CATEGORY, type SeededShop, seedShop } from './seeded-shop.ts';

/** Every GET endpoint of the API with real ids, and whether a plain user (Alice) may read it. */
const getPaths = (s: SeededShop): Array<[path: string, userMayRead: boolean]> => {
  const today = new Date().toISOString().slice(0, 10);
  return [
    ['/api/categories', true],
    ['/api/products/bestsellers', true],
    ['/api/products/?pageNum=1', true],
    [`/api/products/category/${encodeURIComponent(CATEGORY)}/search/laptop/`, true],
    [`/api/products/get-one/${s.product}`, true],
    ['/api/products/admin', false],
    ['/api/products/admin/image-host', false],
    [`/api/users/profile/${s.alice.id}`, true],
    [`/api/users/profile/${s.bob.id}`, false],
    ['/api/users', false],
    [`/api/users/${s.alice.id}`, false],
    [`/api/users/${s.bob.id}`, false],
    ['/api/session', true],
    ['/api/orders', true],
    [`/api/orders/user/${s.aliceOrder._id}`, true],
    [`/api/orders/user/${s.bobOrder._id}`, false],
    ['/api/orders/admin', false],
    [`/api/orders/analysis/${today}`, false],
    ['/api/payments/config', true],
  ];
};

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
};

describe('security: no secrets in what the API answers', () => {
  let t: TestApi;
  let shop: SeededShop;
  let allTokens: string[];
  beforeAll(async () => {
    t = await startTestApi();
    shop = await seedShop(t);
    // A review, so product pages carry data that came from a user row.
    const review = await t.authed(shop.alice.token)(`/api/users/review/${shop.product}`, {
      method: 'POST',
      body: JSON.stringify({ comment: 'Good', rating: 5 }),
    });
    expect(review.status).toBe(201);
    allTokens = [shop.alice.token, shop.bob.token, shop.boss.token];
  });
  afterAll(() => t.stop());

  for (const reader of ['admin', 'user'] as const) {
    it(`when ${reader === 'admin' ? 'an admin' : 'a user'} reads every GET endpoint, then no password hash, token or password field comes back`, async () => {
      const token = reader === 'admin' ? shop.boss.token : shop.alice.token;
      const leaks: string[] = [];
      for (const [path, userMayRead] of getPaths(shop)) {
        const res = await t.authed(token)(path);
        const text = await res.text();
        // The walk must reach real data, or it proves nothing: each readable path answers 200.
        if (reader === 'admin' || userMayRead) expect(res.status, path).toBe(200);
        else expect(res.status, path).toBeLessThan(500);
        if (text.includes('$argon2')) leaks.push(`${path}: password hash`);
        for (const secret of allTokens) if (text.includes(secret)) leaks.push(`${path}: a session token`);
        if (res.headers.get('content-type')?.includes('json')) {
          const fields = keysOf(JSON.parse(text)).filter((k) => /pass(word)?|hash|secret|token|sid/i.test(k));
          if (fields.length > 0) leaks.push(`${path}: fields ${fields.join(', ')}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it('when the admin lists users, then every user is there without a password of any kind', async () => {
    const res = await t.authed(shop.boss.token)('/api/users');
    const users = (await res.json()) as Array<Record<string, unknown>>;
    expect(users.map((u) => u._id)).toEqual(expect.arrayContaining([shop.alice.id, shop.bob.id, shop.boss.id]));
    for (const u of users) expect(Object.keys(u).filter((k) => /pass|hash/i.test(k))).toEqual([]);
  });
});
