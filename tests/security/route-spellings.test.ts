import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestBff, startTestBff } from '../../bff/testing/bff-harness.ts';
import { CATEGORY, type SeededShop, seedShop } from './seeded-shop.ts';
import { type Answer, type Spelling, loginLimitRun, noTokenIn, rawCall, rawUpgrade, sessionCookie, spellingsOf } from './spellings.ts';

/**
 * Every spelling of the session routes and the admin routes, sent through the BFF's public
 * port with raw node:http (nothing on the way folds `//` or resolves `..`): each reaches the
 * one handler its canonical spelling reaches, or is refused with 400. Before the canonical-path
 * check, `POST /api//users/login` reached the API through the proxy, unlimited, and answered
 * the API's token.
 */

let t: TestApi;
let shop: SeededShop;
let bff: TestBff;
let customer: string;
let boss: string;

const call = (method: string, target: string, cookie?: string, body?: unknown, localAddress?: string) =>
  rawCall(bff.url, { method, target, cookie, body, localAddress });

const login = async (email: string, password = TEST_PASSWORD) => {
  const answer = await call('POST', '/api/users/login', undefined, { email, password });
  expect(answer.status, answer.text).toBe(200);
  return sessionCookie(answer);
};

const emailOf = async (id: string) => (await t.db.query<{ email: string }>('select email from users where id = $1', [id])).rows[0]!.email;

beforeAll(async () => {
  t = await startTestApi();
  shop = await seedShop(t);
  bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: 1_000_000 });
  customer = await login(shop.aliceEmail);
  boss = await login(await emailOf(shop.boss.id));
}, 60_000);

afterAll(async () => {
  await bff?.stop();
  await t?.stop();
});

type Outcome = { kind: string; target: string; status: number; verdict: 'refused' | 'canonical' | 'WRONG' };

/** Sends every spelling; each must be a 400 or pass `sameHandler`, and no answer may hold a token. */
const walk = async (
  spellings: Spelling[],
  send: (s: Spelling) => Promise<Answer>,
  sameHandler: (a: Answer) => boolean | Promise<boolean>,
): Promise<Outcome[]> => {
  const outcomes: Outcome[] = [];
  for (const s of spellings) {
    const answer = await send(s);
    expect(noTokenIn(answer.text), `${s.target} answered ${answer.text}`).toBe(true);
    const verdict = answer.status === 400 ? 'refused' : (await sameHandler(answer)) ? 'canonical' : 'WRONG';
    outcomes.push({ kind: s.kind, target: s.target, status: answer.status, verdict });
  }
  return outcomes;
};

const wrong = (outcomes: Outcome[]) => outcomes.filter((o) => o.verdict === 'WRONG').map((o) => `${o.kind} ${o.target} → ${o.status}`);
const messageOf = (a: Answer) => (a.json as { message?: unknown } | undefined)?.message;
const keysOf = (a: Answer) => Object.keys((a.json ?? {}) as object).sort();

describe('security: one handler per route, whatever the spelling', () => {
  it('when POST /api/users/login is spelled any way with the right password, then each spelling is refused with 400 or starts a BFF session without a token', async () => {
    const email = `spell-login-${randomUUID()}@example.test`;
    await t.register({ email });
    const canonical = await call('POST', '/api/users/login', undefined, { email, password: TEST_PASSWORD });
    expect(canonical.status).toBe(200);
    const outcomes = await walk(
      spellingsOf('/api/users/login', bff.url),
      (s) => call('POST', s.target, undefined, { email, password: TEST_PASSWORD }),
      (a) => a.status === 200 && sessionCookie(a) !== '' && keysOf(a).join() === keysOf(canonical).join(),
    );
    expect(wrong(outcomes)).toEqual([]);
  });

  it('when POST /api/users/register is spelled any way, then each spelling is refused with 400 or starts a BFF session without a token', async () => {
    const canonical = await call('POST', '/api/users/register', undefined, {
      name: 'Spell',
      lastName: 'Er',
      email: `spell-${randomUUID()}@example.test`,
      password: TEST_PASSWORD,
    });
    expect(canonical.status).toBe(201);
    const outcomes = await walk(
      spellingsOf('/api/users/register', bff.url),
      (s) =>
        call('POST', s.target, undefined, {
          name: 'Spell',
          lastName: 'Er',
          email: `spell-${randomUUID()}@example.test`,
          password: TEST_PASSWORD,
        }),
      (a) => a.status === 201 && sessionCookie(a) !== '' && keysOf(a).join() === keysOf(canonical).join(),
    );
    expect(wrong(outcomes)).toEqual([]);
  });

  it('when GET /api/get-token is spelled any way, then each spelling is refused with 400 or answers the session marker, never a token', async () => {
    const canonical = await call('GET', '/api/get-token', customer);
    expect(canonical.status).toBe(200);
    const outcomes = await walk(
      spellingsOf('/api/get-token', bff.url),
      (s) => call('GET', s.target, customer),
      (a) => a.status === 200 && a.text === canonical.text,
    );
    expect(wrong(outcomes)).toEqual([]);
  });

  it('when GET /api/logout is spelled any way, then each spelling is refused with 400 or is the BFF logout, which clears the cookie and ends the session', async () => {
    let cookie = await login(shop.aliceEmail);
    const outcomes = await walk(
      spellingsOf('/api/logout', bff.url),
      (s) => call('GET', s.target, cookie),
      async (a) => {
        const cleared = a.setCookie.some((c) => /sf_session=;/.test(c));
        const ended = (await call('GET', '/api/get-token', cookie)).status === 401;
        cookie = await login(shop.aliceEmail);
        return a.status === 200 && messageOf(a) === 'logged out' && cleared && ended;
      },
    );
    expect(wrong(outcomes)).toEqual([]);
  });

  it('when 11 wrong passwords arrive by mixed spellings of the login, then the 11th that reaches a password check gets 429, and the right one is never let through', async () => {
    const email = `spell-limit-${randomUUID()}@example.test`;
    await t.register({ email });
    const run = await loginLimitRun(spellingsOf('/api/users/login', bff.url), TEST_PASSWORD, (target, password) =>
      call('POST', target, undefined, { email, password }, '127.0.0.7'),
    );
    expect(run.checked.slice(0, 11)).toEqual([...Array<number>(10).fill(401), 429]);
    expect(run.refused).toBeGreaterThan(0);
    expect(run.afterwards.filter((status) => status !== 400 && status !== 429)).toEqual([]);
  });
});

/** Admin routes (spec section 7; the ADMIN rows of the authorization matrix) with the seeded shop's values. */
const adminRoutes = (s: SeededShop): Array<{ method: string; path: string; query?: string }> => [
  { method: 'POST', path: '/api/categories' },
  { method: 'POST', path: '/api/categories/attr' },
  { method: 'DELETE', path: `/api/categories/${encodeURIComponent(s.spareCategory)}` },
  { method: 'GET', path: '/api/products/admin' },
  { method: 'GET', path: '/api/products/admin/image-host' },
  { method: 'POST', path: '/api/products/admin' },
  { method: 'PUT', path: `/api/products/admin/${s.product}` },
  { method: 'POST', path: '/api/products/admin/upload', query: `?productId=${s.product}` },
  {
    method: 'DELETE',
    path: `/api/products/admin/image/${encodeURIComponent('/images/guarded.png')}/${s.product}`,
    query: '?cloudinary=true',
  },
  { method: 'DELETE', path: `/api/products/admin/${s.spareProduct}` },
  { method: 'GET', path: '/api/users' },
  { method: 'GET', path: `/api/users/${s.bob.id}` },
  { method: 'PUT', path: `/api/users/${s.bob.id}` },
  { method: 'DELETE', path: `/api/users/${s.spareUser}` },
  { method: 'GET', path: '/api/orders/admin' },
  { method: 'PUT', path: `/api/orders/delivered/${s.bobOrder._id}` },
  { method: 'GET', path: `/api/orders/analysis/${new Date().toISOString().slice(0, 10)}` },
];

describe('security: admin routes under every spelling', () => {
  it('when a customer sends every spelling of every admin route, then each is refused with 400 or by the admin guard its canonical spelling reaches, never 2xx', async () => {
    const all: Outcome[] = [];
    for (const route of adminRoutes(shop)) {
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const canonical = await call(route.method, route.path + (route.query ?? ''), customer, body);
      expect([401, 403, 404], `${route.method} ${route.path}`).toContain(canonical.status);
      all.push(
        ...(await walk(
          spellingsOf(route.path, bff.url, route.query),
          (s) => call(route.method, s.target, customer, body),
          (a) => a.status === canonical.status && messageOf(a) === messageOf(canonical),
        )),
      );
    }
    expect(all.filter((o) => o.status >= 200 && o.status < 300)).toEqual([]);
    expect(wrong(all)).toEqual([]);
  });

  it("when the admin sends the spec's calls with encoded parameter values, then they still work through the BFF", async () => {
    const acdc = await addProduct(t.db, { name: 'AC/DC Back in Black', category: CATEGORY, count: 2 });
    const list = await call('GET', '/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=', boss);
    expect(list.status, list.text).toBe(200);
    const search = await call('GET', '/api/products/search/AC%2FDC/?pageNum=1', boss);
    expect(search.status, search.text).toBe(200);
    expect(search.text).toContain(acdc);
    const inCategory = await call(
      'GET',
      `/api/products/category/${encodeURIComponent(CATEGORY.replaceAll('/', ','))}/search/AC%2FDC/`,
      boss,
    );
    expect(inCategory.status, inCategory.text).toBe(200);
    const image = await call(
      'DELETE',
      `/api/products/admin/image/${encodeURIComponent('/images/guarded.png')}/${shop.product}?cloudinary=true`,
      boss,
    );
    expect(image.status, image.text).toBe(200);
    const category = await call('DELETE', `/api/categories/${encodeURIComponent(shop.spareCategory)}`, boss);
    expect(category.status, category.text).toBe(200);
    expect(category.json).toMatchObject({ categoryDeleted: true });
  });
});

describe('security: websocket upgrades under every spelling', () => {
  it('when a websocket handshake names /socket.io/ in another spelling, then it is refused with 400; the canonical one is switched', async () => {
    const query = '?EIO=4&transport=websocket';
    expect(await rawUpgrade(bff.url, `/socket.io/${query}`)).toBe(101);
    const spellings = [
      '//socket.io/',
      '/socket.io//',
      '/./socket.io/',
      '/x/../socket.io/',
      '/x/%2e%2e/socket.io/',
      '/SOCKET.IO/',
      '/socket.io;x/',
      '/x%2F..%2Fsocket.io/',
      '\\socket.io/',
    ];
    const seen = await Promise.all(spellings.map(async (path) => `${path} ${await rawUpgrade(bff.url, path + query)}`));
    expect(seen).toEqual(spellings.map((path) => `${path} 400`));
  });
});
