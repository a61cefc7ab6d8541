import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOFF, HANDOFF_OPEN } from '#contracts/handoff-rules.ts';
import { cookieFrom, postJson, startTestBff, type TestBff } from '../../bff/testing/bff-harness.ts';
import { TEST_PASSWORD, startTestApi, type TestApi } from '../../api/testing/api-harness.ts';
import { addProduct, customerWithProfile } from '../../api/testing/test-api.ts';
import { claimHandoff } from '../../api/components/handoffs/service.ts';
import { requestFrom } from '../../bff/testing/from-address.ts';

/** The kiosk hand-off as a browser meets it: through the BFF's public port, guest or logged in. */
describe('kiosk hand-off through the BFF', () => {
  let t: TestApi;
  let bff: TestBff;
  let book: string;
  let pen: string;
  const create = (body: unknown, headers: Record<string, string> = {}) => postJson(`${bff.url}/api/handoffs`, body, headers);
  const claim = (token: unknown) => postJson(`${bff.url}/api/handoffs/claim`, { token });
  const made = async (lines: unknown, headers?: Record<string, string>): Promise<{ token: string; expiresAt: string }> => {
    const res = await create({ lines }, headers);
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; expiresAt: string };
  };
  const hashOf = (token: string) => createHash('sha256').update(token).digest();

  beforeAll(async () => {
    t = await startTestApi();
    bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: 1_000_000 });
    book = await addProduct(t, { name: 'A book', priceCents: 1999, count: 5 });
    pen = await addProduct(t, { name: 'A pen', priceCents: 250, count: 40 });
  });
  afterAll(async () => {
    await bff?.stop();
    await t?.stop();
  });

  it('when a guest kiosk hands its cart over and a phone claims the link, then the phone gets the same lines once and a second claim says it was used', async () => {
    const lines = [
      { productID: book, quantity: 2 },
      { productID: pen, quantity: 7 },
    ];
    const { token, expiresAt } = await made(lines);
    expect(token).toMatch(/^[\w-]{43}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(HANDOFF.ttlMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(HANDOFF.ttlMinutes);

    const first = await claim(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ lines });

    const second = await claim(token);
    expect(second.status).toBe(410);
    expect(await second.json()).toEqual({ message: 'This link has already been used' });
  });

  it('when the link is claimed after its 15 minutes, then it says it has expired and gives no cart', async () => {
    const { token } = await made([{ productID: book, quantity: 1 }]);
    await t.db.query(`update handoffs set expires_at = now() - interval '1 second' where token_hash = $1`, [hashOf(token)]);
    const res = await claim(token);
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ message: 'This link has expired' });
  });

  it('when a link was never issued, then the claim is 404 with a clear sentence', async () => {
    const res = await claim(randomUUID());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'This link is not valid' });
  });

  it('when a logged-in shopper hands a cart over, then neither the link nor the stored snapshot holds a price, a name or anything about the shopper', async () => {
    const ada = await customerWithProfile(t, { name: 'Adelaide' });
    const { rows: users } = await t.db.query<{ email: string }>('select email from users where id = $1', [ada.id]);
    const login = await postJson(`${bff.url}/api/users/login`, { email: users[0]!.email, password: TEST_PASSWORD });
    const { token } = await made([{ productID: book, quantity: 1 }], { cookie: cookieFrom(login) });

    const { rows } = await t.db.query<Record<string, unknown>>('select * from handoffs where token_hash = $1', [hashOf(token)]);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['claimed_at', 'created_at', 'expires_at', 'lines', 'owner', 'token_hash']);
    expect(rows[0]!.lines).toEqual([{ productID: book, quantity: 1 }]);
    // The timestamps are timestamps (an ISO time such as 00:59:19.994 would read as the price 19.99): the rest is searched.
    const { created_at: createdAt, expires_at: expiresAt, claimed_at: claimedAt, owner, ...content } = rows[0]!;
    // Who made it, for the cap: a keyed hash, which names neither the session nor the address.
    expect((owner as Uint8Array).length).toBe(32);
    for (const at of [createdAt, expiresAt]) expect(at).toBeInstanceOf(Date);
    expect(claimedAt).toBeNull();
    const stored = JSON.stringify(content);
    for (const secret of [token, ada.id, 'Adelaide', users[0]!.email, '19.99', '1999', 'A book']) expect(stored).not.toContain(secret);
    expect(token).not.toContain(ada.id);

    const answer = JSON.stringify(await (await claim(token)).json());
    for (const secret of ['price', 'name', ada.id, 'Adelaide', users[0]!.email]) expect(answer).not.toContain(secret);
  });

  it('when two phones claim the same link at once, then exactly one gets the cart and the others are told it was used', async () => {
    const { token } = await made([{ productID: pen, quantity: 3 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(token)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410]);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ lines?: unknown; message?: string }>));
    expect(bodies.filter((b) => b.lines)).toEqual([{ lines: [{ productID: pen, quantity: 3 }] }]);
    expect(bodies.filter((b) => b.message).map((b) => b.message)).toEqual(Array(5).fill(HANDOFF.used));
  });

  it('when claims of one link reach the API in the same instant, then the one conditional update lets exactly one through', async () => {
    // Straight to the service, so every claim's statements queue up together: a read-then-write claim would give each a cart.
    const { token } = await made([{ productID: pen, quantity: 1 }]);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => claimHandoff(t.api.context, token)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []))).toEqual(Array(5).fill(HANDOFF.used));
  });

  it.each([
    ['no lines', {}, 'lines'],
    ['an empty cart', { lines: [] }, 'lines'],
    [
      'more lines than an order may hold',
      { lines: Array.from({ length: HANDOFF.maxLines + 1 }, () => ({ productID: randomUUID(), quantity: 1 })) },
      'lines',
    ],
    ['a quantity of 0', { lines: [{ productID: 'BOOK', quantity: 0 }] }, 'lines.0.quantity'],
    ['a fractional quantity', { lines: [{ productID: 'BOOK', quantity: 1.5 }] }, 'lines.0.quantity'],
    ['a huge quantity', { lines: [{ productID: 'BOOK', quantity: HANDOFF.maxQuantity + 1 }] }, 'lines.0.quantity'],
    ['a quantity as text', { lines: [{ productID: 'BOOK', quantity: '2' }] }, 'lines.0.quantity'],
    [
      'an unknown product',
      {
        lines: [
          { productID: 'BOOK', quantity: 1 },
          { productID: randomUUID(), quantity: 1 },
        ],
      },
      'lines.1.productID',
    ],
    ['a product id that is no id', { lines: [{ productID: "x' or 1=1 --", quantity: 1 }] }, 'lines.0.productID'],
    [
      'the same product twice',
      {
        lines: [
          { productID: 'BOOK', quantity: 1 },
          { productID: 'BOOK', quantity: 2 },
        ],
      },
      'lines.1.productID',
    ],
    ['a price smuggled in', { lines: [{ productID: 'BOOK', quantity: 1, price: 0.01 }] }, 'lines.0'],
  ])('when a kiosk sends %s, then it is 400 naming the field and nothing is stored', async (_what, body, field) => {
    const { rows: before } = await t.db.query<{ n: number }>('select count(*)::int as n from handoffs');
    const res = await create(JSON.parse(JSON.stringify(body).replaceAll('"BOOK"', JSON.stringify(book))));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field?: string }).field).toBe(field);
    const { rows: after } = await t.db.query<{ n: number }>('select count(*)::int as n from handoffs');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('when a claim sends no token, then it is 400 naming token', async () => {
    const res = await postJson(`${bff.url}/api/handoffs/claim`, {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field?: string }).field).toBe('token');
  });

  it('when a new hand-off is made, then every row past its 15 minutes, claimed or not, is deleted: its link is then not valid', async () => {
    const unclaimed = await made([{ productID: book, quantity: 1 }]);
    const claimed = await made([{ productID: book, quantity: 1 }]);
    expect((await claim(claimed.token)).status).toBe(200);
    const current = await made([{ productID: book, quantity: 1 }]);
    for (const { token } of [unclaimed, claimed])
      await t.db.query(`update handoffs set expires_at = now() - interval '1 second' where token_hash = $1`, [hashOf(token)]);
    await made([{ productID: pen, quantity: 1 }]);
    const { rows } = await t.db.query('select 1 from handoffs where token_hash = any($1::bytea[])', [
      [hashOf(unclaimed.token), hashOf(claimed.token)],
    ]);
    expect(rows).toHaveLength(0);
    expect(await (await claim(unclaimed.token)).json()).toEqual({ message: HANDOFF.unknown });
    expect((await claim(current.token)).status).toBe(200);
  });

  it(`when one address holds ${HANDOFF_OPEN.max} open hand-offs, then the next is 429 with a clear message and nothing is stored; a claim, an expiry or another address leaves room`, async () => {
    const from = (address: string, headers: Record<string, string> = {}) =>
      requestFrom(bff.url, address, '/api/handoffs', { method: 'POST', json: { lines: [{ productID: book, quantity: 1 }] }, headers });
    const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from handoffs')).rows[0]!.n;
    const tokens: string[] = [];
    for (let i = 0; i < HANDOFF_OPEN.max; i += 1) {
      const res = await from('127.0.6.1');
      expect(res.status).toBe(201);
      tokens.push((JSON.parse(res.body) as { token: string }).token);
    }
    const before = await count();
    const refused = await from('127.0.6.1');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: HANDOFF_OPEN.tooMany });
    expect(await count()).toBe(before);

    // Another address, and a logged-in session from the same address, each have room of their own.
    expect((await from('127.0.6.2')).status).toBe(201);
    const ada = await customerWithProfile(t, { name: 'Ada' });
    const { rows: users } = await t.db.query<{ email: string }>('select email from users where id = $1', [ada.id]);
    const login = await postJson(`${bff.url}/api/users/login`, { email: users[0]!.email, password: TEST_PASSWORD });
    expect((await from('127.0.6.1', { cookie: cookieFrom(login) })).status).toBe(201);

    expect((await claim(tokens[0])).status).toBe(200);
    expect((await from('127.0.6.1')).status).toBe(201);
    expect((await from('127.0.6.1')).status).toBe(429);
    await t.db.query(`update handoffs set expires_at = now() - interval '1 second' where token_hash = $1`, [hashOf(tokens[1]!)]);
    expect((await from('127.0.6.1')).status).toBe(201);
  });
});

describe('kiosk hand-off limits', () => {
  it('when one address makes hand-offs faster than the /api limit allows, then the BFF answers 429 like any other write', async () => {
    const t = await startTestApi();
    const bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: 3 });
    try {
      const book = await addProduct(t, { priceCents: 100, count: 1 });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await postJson(`${bff.url}/api/handoffs`, { lines: [{ productID: book, quantity: 1 }] })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await bff.stop();
      await t.stop();
    }
  });
});
