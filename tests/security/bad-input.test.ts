import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { body as orderBody } from '../../api/testing/test-api.ts';
import { CATEGORY, type SeededShop, completeProfile, seedShop, seedSpares, startWalletPayment } from './seeded-shop.ts';
import { DOORS, DOOR_LABEL, type Door, type DoorName, type Send, openDoors } from './through-bff.ts';

type Who = 'guest' | 'user' | 'admin';
/** The seeded shop with one door's spares and name, and a wallet payment of Alice's order nobody approved. */
type Shop = SeededShop & { tag: DoorName; walletOrderId: string };
type Endpoint = {
  method: 'POST' | 'PUT';
  path: (s: Shop) => string;
  who: Who;
  /** A body of the right shape with one field of the wrong type, and that field's name. */
  wrong?: { body: (s: Shop) => unknown; field: string };
  /** A body that passes validation, and the exact status it gets: the refusals were about the input, not the route. */
  good: { body?: (s: Shop) => unknown; status: number };
};

const IMAGE_HOST = 'https://images.example.test';
const product = { name: 'Laptop', description: 'Fast', count: 2, price: 10, category: CATEGORY, attributesTable: [] };
const profile = completeProfile('Alice');

/** Every POST and PUT endpoint of the API, called by someone allowed to call it. */
const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: () => '/api/categories',
    who: 'admin',
    wrong: { body: () => ({ category: 42 }), field: 'category' },
    good: { body: (s) => ({ category: `Security/Good-${s.tag}` }), status: 201 },
  },
  {
    method: 'POST',
    path: () => '/api/categories/attr',
    who: 'admin',
    wrong: { body: () => ({ key: ['Colour'], val: 'Red', categoryChoosen: CATEGORY }), field: 'key' },
    good: { body: () => ({ key: 'Colour', val: 'Red', categoryChoosen: CATEGORY }), status: 200 },
  },
  {
    method: 'POST',
    path: () => '/api/products/admin',
    who: 'admin',
    wrong: { body: () => ({ ...product, price: 'cheap' }), field: 'price' },
    good: { body: () => product, status: 201 },
  },
  {
    method: 'PUT',
    path: (s) => `/api/products/admin/${s.product}`,
    who: 'admin',
    wrong: { body: () => ({ ...product, attributesTable: 'RAM' }), field: 'attributesTable' },
    good: { body: () => ({ ...product, name: 'Guarded laptop' }), status: 200 },
  },
  // Hosted images arrive as JSON (the image host's answer); files arrive as multipart.
  {
    method: 'POST',
    path: (s) => `/api/products/admin/upload?cloudinary=true&productId=${s.product}`,
    who: 'admin',
    good: { body: (s) => ({ secure_url: `${IMAGE_HOST}/${s.tag}.png` }), status: 201 },
  },
  {
    method: 'POST',
    path: () => '/api/users/register',
    who: 'guest',
    wrong: { body: () => ({ name: 'New', lastName: 'Person', email: 42, password: TEST_PASSWORD }), field: 'email' },
    good: {
      body: () => ({ name: 'New', lastName: 'Person', email: `new-${randomUUID()}@example.test`, password: TEST_PASSWORD }),
      status: 201,
    },
  },
  {
    method: 'POST',
    path: () => '/api/users/login',
    who: 'guest',
    wrong: { body: (s) => ({ email: s.aliceEmail, password: 123456 }), field: 'password' },
    good: { body: (s) => ({ email: s.aliceEmail, password: TEST_PASSWORD }), status: 200 },
  },
  {
    method: 'PUT',
    path: () => '/api/users/profile',
    who: 'user',
    wrong: { body: () => ({ ...profile, name: { first: 'A' } }), field: 'name' },
    good: { body: () => profile, status: 200 },
  },
  {
    method: 'POST',
    path: (s) => `/api/users/review/${s.reviewed}`,
    who: 'user',
    wrong: { body: () => ({ comment: 'Fine', rating: 'five' }), field: 'rating' },
    good: { body: () => ({ comment: 'Fine', rating: 5 }), status: 201 },
  },
  {
    method: 'PUT',
    path: (s) => `/api/users/${s.bob.id}`,
    who: 'admin',
    wrong: { body: () => ({ name: 'Bob', lastName: 'B', email: 'bob@example.test', isAdmin: 'yes' }), field: 'isAdmin' },
    good: { body: () => ({ name: 'Bob', lastName: 'B', email: 'bob@example.test', isAdmin: false }), status: 200 },
  },
  {
    method: 'POST',
    path: () => '/api/orders',
    who: 'user',
    wrong: { body: (s) => ({ ...orderBody([{ productID: s.product, quantity: 1 }]), cartItems: 'everything' }), field: 'cartItems' },
    good: { body: (s) => orderBody([{ productID: s.product, quantity: 1 }]), status: 201 },
  },
  { method: 'POST', path: (s) => `/api/orders/${s.aliceOrder._id}/wallet-order`, who: 'user', good: { status: 201 } },
  // Paying needs the buyer's approval in the wallet: a valid body gets as far as the payment rules (409).
  {
    method: 'PUT',
    path: (s) => `/api/orders/paid/${s.aliceOrder._id}`,
    who: 'user',
    wrong: { body: () => ({ walletOrderId: 42 }), field: 'walletOrderId' },
    good: { body: (s) => ({ walletOrderId: s.walletOrderId }), status: 409 },
  },
  { method: 'PUT', path: (s) => `/api/orders/delivered/${s.bobOrder._id}`, who: 'admin', good: { status: 200 } },
];

describe('security: bad input is refused plainly, stores nothing and never breaks the server', () => {
  let t: TestApi;
  let base: SeededShop;
  let doors: Record<DoorName, Door>;
  let closeDoors: () => Promise<void>;
  const shops = {} as Record<DoorName, Shop>;
  const senders = {} as Record<DoorName, Record<Who, Send>>;
  let before: string;
  const fingerprint = async (): Promise<string> => {
    const { rows: tables } = await t.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const parts: string[] = [];
    for (const { name } of tables) {
      // The mail worker moves the outbox's delivery state (attempts, next try, sent) on its own
      // clock (decision 021): what a request could have stored is which mail, to whom, about what.
      const row = name === 'mail_outbox' ? '(x.id, x.kind, x.ref, x.dedupe_key, x.recipient, x.subject)' : 'x';
      const { rows } = await t.db.query<{ h: string | null }>(
        `select md5(string_agg(${row}::text, ',' order by ${row}::text)) as h from "${name}" x`,
      );
      parts.push(`${name}:${rows[0]!.h}`);
    }
    return parts.join(' ');
  };

  beforeAll(async () => {
    t = await startTestApi({ config: { IMAGE_HOST_URL: `${IMAGE_HOST}/upload` } });
    base = await seedShop(t);
    ({ doors, stop: closeDoors } = await openDoors(t));
    for (const name of DOORS) {
      shops[name] = {
        ...base,
        ...(await seedSpares(t, name)),
        tag: name,
        walletOrderId: await startWalletPayment(t, base.alice, base.aliceOrder),
      };
      senders[name] = {
        guest: doors[name].guest,
        user: await doors[name].login(base.alice.id),
        admin: await doors[name].login(base.boss.id),
      };
    }
  });
  beforeEach(async () => {
    before = await fingerprint();
  });
  afterAll(async () => {
    await closeDoors?.();
    await t?.stop();
  });

  describe.each(DOORS)('%s', (name) => {
    const via = DOOR_LABEL[name];
    const send = (e: Endpoint, body: string) =>
      senders[name][e.who](e.path(shops[name]), { method: e.method, body, headers: { 'content-type': 'application/json' } });
    const label = (e: Endpoint) => `${e.method} ${e.path(shops[name])} ${via}`;

    it(`when any POST or PUT endpoint gets malformed JSON ${via}, then 400 with a JSON message and nothing is stored`, async () => {
      for (const e of ENDPOINTS) {
        const res = await send(e, '{"name": "half an object",');
        expect(res.status, label(e)).toBe(400);
        expect(res.headers.get('content-type'), label(e)).toMatch(/application\/json/);
        const body = (await res.json()) as { message?: unknown; stack?: unknown };
        expect(typeof body.message, label(e)).toBe('string');
        expect(JSON.stringify(body), label(e)).not.toMatch(/SyntaxError|at .*\.(ts|js):\d+/);
      }
      expect(await fingerprint()).toBe(before);
    });

    it(`when a field has the wrong type ${via}, then 400 names that field and nothing is stored`, async () => {
      for (const e of ENDPOINTS) {
        if (!e.wrong) continue;
        const res = await send(e, JSON.stringify(e.wrong.body(shops[name])));
        const body = (await res.json()) as { message?: string; field?: string };
        expect({ status: res.status, field: body.field }, label(e)).toEqual({ status: 400, field: e.wrong.field });
        expect(body.message, label(e)).toBeTruthy();
      }
      expect(await fingerprint()).toBe(before);
    });

    it(`when a body is a JSON array, a string or null instead of an object ${via}, then 400, and nothing is stored`, async () => {
      const raws = ['[1, 2, 3]', '"text"', 'null'];
      const seen: string[] = [];
      for (const e of ENDPOINTS.filter((x) => x.wrong)) {
        for (const raw of raws) {
          const res = await send(e, raw);
          await res.arrayBuffer();
          if (res.status !== 400) seen.push(`${label(e)} ${raw}: ${res.status}`);
        }
      }
      expect(seen).toEqual([]);
      expect(await fingerprint()).toBe(before);
    });

    it(`when a text field, search or filter holds a NUL character ${via}, then 400 naming it and nothing is stored`, async () => {
      const nul = 'a\u0000b';
      const bodies: Array<[string, unknown, string]> = [
        ['/api/users/login', { email: `x${nul}@example.test`, password: 'secret-password' }, 'email'],
        ['/api/users/register', { name: nul, lastName: 'B', email: 'nul@example.test', password: 'secret-password' }, 'name'],
      ];
      for (const [path, payload, field] of bodies) {
        const res = await doors[name].guest(path, { method: 'POST', body: JSON.stringify(payload) });
        expect({ path, status: res.status, field: ((await res.json()) as { field?: string }).field }).toEqual({ path, status: 400, field });
      }
      for (const path of [
        '/api/products/search/a%00b/',
        '/api/products/category/a%00b/',
        '/api/products/?category=a%00b',
        '/api/products/?attrs=RAM-a%00b',
      ]) {
        const res = await doors[name].guest(path);
        expect({ path, status: res.status, field: ((await res.json()) as { field?: string }).field }).toEqual({
          path,
          status: 400,
          field: 'url',
        });
      }
      expect(await fingerprint()).toBe(before);
    });

    it(`when any POST or PUT endpoint gets a 1 MB body ${via}, then 413 with a JSON message and nothing is stored`, async () => {
      const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024), comment: 'y', category: 'z' });
      for (const e of ENDPOINTS) {
        const res = await send(e, huge);
        expect(res.status, label(e)).toBe(413);
        expect(((await res.json()) as { message?: unknown }).message, label(e)).toEqual(expect.any(String));
      }
      expect(await fingerprint()).toBe(before);
    });

    // Last, since it stores things: the same callers on the same routes get through with a good body.
    it(`when each endpoint then gets a valid body from the same caller ${via}, then it answers as its rules say, so the refusals above were about the input`, async () => {
      const seen: string[] = [];
      for (const e of ENDPOINTS) {
        const good = e.good.body?.(shops[name]);
        const res = await send(e, good === undefined ? '' : JSON.stringify(good));
        await res.arrayBuffer();
        seen.push(`${label(e)}: ${res.status}`);
      }
      expect(seen).toEqual(ENDPOINTS.map((e) => `${label(e)}: ${e.good.status}`));
    });
  });
});
