import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertOrderAt } from '../../api/components/orders/fixtures.ts';
import { addProduct, registerAdmin } from '../../api/testing/test-api.ts';
import { PROBLEM_REPORT } from '#contracts/problem-report.ts';
import { postJson, startTestBff } from '../../bff/testing/bff-harness.ts';
import { KIOSK_INSTANCE_HEADER } from '#server/internal.ts';
import { MAX_COUNT_ROWS, NOT_TAKEN, type TransitionCount } from '#contracts/machine-counts.ts';
import { BEACON_TYPE } from '#contracts/machine-count-rules.ts';
import { addCounts } from '../../api/components/machine-counts/repository.ts';
import { recordHeartbeat } from '../../api/components/kiosks/repository.ts';
import { KIOSK_KEY_HEADER, type KioskHeartbeat, type KioskSummary } from '#contracts/kiosk-fleet.ts';
import { type ShopBehindBff, startShopBehindBff } from './shop-behind-bff.ts';
import { MAX_TRANSITION_SERIES, countTransitions } from '#server/metrics.ts';
import { sample, scrapeMetrics } from '../support/metrics-text.ts';
import { submitModel } from '#machines/shared/submit.model.ts';
import { coverageFrom } from '../../scripts/coverage-from.ts';

/**
 * The admin lists answer one page with `?page=&limit=` (the total in X-Total-Count),
 * and the whole array without them. Walked through the BFF's public port, as the admin tables call them.
 */
const LISTS = ['/api/orders/admin', '/api/products/admin', '/api/users'] as const;
const ORDERS = 25;
const PRODUCTS = 23;
const MORE_USERS = 21;
// Every test shopper comes from 127.0.0.1: the problem reports' address limit, low enough to reach.
const REPORTS_PER_ADDRESS = 8;
const METRICS_TOKEN = 'admin-pages-metrics-token-0123456789';

describe('admin lists a page at a time, through the BFF', () => {
  let shop: ShopBehindBff;
  const get = (path: string, cookie: string | null = shop.adminCookie, headers: Record<string, string> = {}) =>
    fetch(shop.bff.url + path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const ids = async (res: Response): Promise<string[]> => ((await res.json()) as Array<{ _id: string }>).map((row) => row._id);

  beforeAll(async () => {
    shop = await startShopBehindBff({ apiConfig: { PROBLEM_REPORTS_PER_ADDRESS_PER_HOUR: REPORTS_PER_ADDRESS, METRICS_TOKEN } });
    const t = shop.api;
    const { rows } = await t.db.query<{ id: string }>('select id from users limit 1');
    // Some orders share a time, so the id tie-break decides their order.
    for (let i = 0; i < ORDERS; i += 1)
      await insertOrderAt(t, rows[0]!.id, new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 3))).toISOString(), 100 + i);
    for (let i = 0; i < PRODUCTS; i += 1)
      await addProduct(t, { name: `Product ${String.fromCharCode(90 - (i % 26))}${i}`, priceCents: 100, count: 1 });
    for (let i = 0; i < MORE_USERS; i += 1) await t.register({ name: `User${i}` });
  }, 60_000);
  afterAll(() => shop.stop());

  describe.each(LISTS)('%s', (list) => {
    it('when an admin asks for no page, then the whole array comes as before, without X-Total-Count', async () => {
      const res = await get(list);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBeNull();
      const all = await ids(res);
      expect(all.length).toBeGreaterThan(20);
    });

    it('when an admin asks page 2 of 10, then rows 11 to 20 of the whole list come, with the total in X-Total-Count', async () => {
      const all = await ids(await get(list));
      const res = await get(`${list}?page=2&limit=10`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(all.length));
      expect(await ids(res)).toEqual(all.slice(10, 20));
    });

    it('when an admin asks for the last page, then only the rows left come; past it, an empty array with the total', async () => {
      const all = await ids(await get(list));
      const last = Math.ceil(all.length / 10);
      expect(await ids(await get(`${list}?page=${last}&limit=10`))).toEqual(all.slice((last - 1) * 10));
      const beyond = await get(`${list}?page=${last + 1}&limit=10`);
      expect(beyond.headers.get('x-total-count')).toBe(String(all.length));
      expect(await beyond.json()).toEqual([]);
    });

    it('when an admin gives only page, then 20 rows come; only limit, then the first page', async () => {
      const all = await ids(await get(list));
      expect(await ids(await get(`${list}?page=1`))).toEqual(all.slice(0, 20));
      expect(await ids(await get(`${list}?limit=5`))).toEqual(all.slice(0, 5));
    });

    it.each([
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=abc', 'limit'],
      ['page=1.5', 'page'],
      ['page=-1', 'page'],
      ['page=1&page=2', 'page'],
    ])('when an admin asks ?%s, then 400 names %s', async (query, field) => {
      const res = await get(`${list}?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    });

    it('when a customer or a guest asks, with or without a page, then 403 or 401 as before and no rows', async () => {
      for (const query of ['', '?page=1&limit=10']) {
        const customer = await get(list + query, shop.customerCookie);
        expect(customer.status).toBe(403);
        expect(customer.headers.get('x-total-count')).toBeNull();
        const guest = await get(list + query, null);
        expect(guest.status).toBe(401);
        expect(guest.headers.get('x-total-count')).toBeNull();
      }
    });
  });

  it('when the page is large enough to be compressed, then X-Total-Count still comes beside Content-Encoding', async () => {
    const res = await get('/api/orders/admin?page=1&limit=100', shop.adminCookie, { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('x-total-count')).toBe(String(ORDERS));
    expect(await ids(res)).toHaveLength(ORDERS);
  });
  describe('problem reports', () => {
    const REPORTS = '/api/problem-reports';
    const ADMIN_LIST = '/api/admin/problem-reports';
    const report = (overrides: Record<string, unknown> = {}) => ({
      text: 'The cart forgot my laptop',
      events: [
        { actor: 'cart', event: { type: 'xstate.init' }, state: 'ready' },
        { actor: 'cart', event: { type: 'cart.add', item: { productID: 'p1', quantity: 1 } }, taken: true, state: 'ready' },
      ],
      dropped: 0,
      build: 'b-1',
      path: '/cart',
      viewport: { width: 390, height: 844 },
      browser: { name: 'Chrome', version: '131' },
      ...overrides,
    });
    const send = (body: unknown, cookie: string | null = null) => postJson(shop.bff.url + REPORTS, body, cookie ? { cookie } : {});
    const stored = async () => Number((await get(`${ADMIN_LIST}?page=1&limit=1`)).headers.get('x-total-count'));

    it('when a guest sends a report, then the shop answers its number, the admin reads it whole as Guest, and one past PROBLEM_REPORT_DAYS is gone', async () => {
      await shop.api.db.query(
        `insert into problem_reports (created_at, address_key, text, path, build, viewport, browser, events)
         values (now() - interval '91 days', '\\x01', 'Long ago', '/', 'b-0', '{}', '{}', '[]')`,
      );
      const res = await send(report());
      expect(res.status).toBe(201);
      const { number } = (await res.json()) as { number: string };
      expect(number).toMatch(/^R-\d{4,}$/);
      const [row] = (await (await get(ADMIN_LIST)).json()) as Array<{ _id: string; number: string; shopper: string | null }>;
      expect(row).toMatchObject({ number, shopper: null, path: '/cart', build: 'b-1', text: 'The cart forgot my laptop' });
      const whole = await get(`${ADMIN_LIST}/${row!._id}`);
      expect(whole.status).toBe(200);
      const { dropped: _dropped, ...sent } = report();
      expect(await whole.json()).toMatchObject({ ...sent, number, shopper: null });
      expect(await stored()).toBe(1);
    });

    it('when a customer sends one, then the admin sees their name; dropped events come with a note', async () => {
      expect((await send(report({ dropped: 3 }), shop.customerCookie)).status).toBe(201);
      const [row] = (await (await get(ADMIN_LIST)).json()) as Array<{ _id: string; shopper: string | null }>;
      expect(row!.shopper).toMatch(/\S+ \S+/);
      expect(((await (await get(`${ADMIN_LIST}/${row!._id}`)).json()) as { note?: string }).note).toMatch(/3 oldest events were left out/);
    });

    it.each([
      ['no text', { text: undefined }, 'text'],
      ['a blank text', { text: '  \n ' }, 'text'],
      ['a text over 2,000 characters', { text: 'x'.repeat(2001) }, 'text'],
      ['events that are not a list', { events: 'all of them' }, 'events'],
      ['an event without a type', { events: [{ actor: 'cart', event: {} }] }, 'events.0.event.type'],
      ['no viewport', { viewport: undefined }, 'viewport'],
      ['a key the report does not have', { cookie: 'sid=1' }, undefined],
    ])('when a report has %s, then 400 names the field and nothing is stored', async (_what, overrides, field) => {
      const before = await stored();
      const res = await send(report(overrides));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; field?: string };
      expect(body.message).toBeTruthy();
      expect(body.field).toBe(field);
      expect(await stored()).toBe(before);
    });

    it('when the event log is over 1 MB, or the body over the parser’s limit, then 413 says so and nothing is stored', async () => {
      const before = await stored();
      const filler = (bytes: number) => [{ actor: 'cart', event: { type: 'cart.add', note: 'x'.repeat(bytes) } }];
      const over = await send(report({ events: filler(PROBLEM_REPORT.maxLogBytes) }));
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ message: PROBLEM_REPORT.tooLarge });
      expect((await send(report({ events: filler(2 * PROBLEM_REPORT.maxLogBytes) }))).status).toBe(413);
      expect(await stored()).toBe(before);
    });

    it('when a session, then an address, passes its reports an hour, then 429 and nothing more is stored', async () => {
      // One report each so far from the customer and the guest (above): the session's limit is 5.
      for (let i = 0; i < 4; i += 1) expect((await send(report(), shop.customerCookie)).status).toBe(201);
      const refused = await send(report(), shop.customerCookie);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: PROBLEM_REPORT.tooMany });
      // Six from 127.0.0.1 so far; the address's limit is REPORTS_PER_ADDRESS.
      for (let i = 6; i < REPORTS_PER_ADDRESS; i += 1) expect((await send(report())).status).toBe(201);
      const before = await stored();
      expect((await send(report())).status).toBe(429);
      expect(await stored()).toBe(before);
    });

    it('when an admin pages the reports, then newest first with the total; a customer gets 403, a guest 401', async () => {
      const all = await ids(await get(`${ADMIN_LIST}?page=1&limit=100`));
      expect(all).toHaveLength(REPORTS_PER_ADDRESS);
      expect(await ids(await get(`${ADMIN_LIST}?page=2&limit=3`))).toEqual(all.slice(3, 6));
      const rows = (await (await get(ADMIN_LIST)).json()) as Array<{ createdAt: string }>;
      expect(rows.map((r) => r.createdAt)).toEqual(
        rows
          .map((r) => r.createdAt)
          .sort()
          .reverse(),
      );
      for (const path of [ADMIN_LIST, `${ADMIN_LIST}/${all[0]}`]) {
        expect((await get(path, shop.customerCookie)).status).toBe(403);
        expect((await get(path, null)).status).toBe(401);
      }
      expect((await get(`${ADMIN_LIST}/not-a-report`)).status).toBe(404);
    });
  });

  describe('machine transition counts', () => {
    const COUNTS = '/api/machine-counts';
    const add = { machine: 'cart', source: 'cart.active.idle', event: 'cart.add', target: 'cart.active.idle' };
    const ignored = { machine: 'cart', source: 'cart.active.idle', event: 'cart.confirmRemove', target: NOT_TAKEN };
    const send = (counts: unknown[], cookie: string | null = null) => postJson(shop.bff.url + COUNTS, { counts }, cookie ? { cookie } : {});
    const METRIC = 'statefront_machine_transitions_total';
    /** The API's /metrics: the registry is the test process's, so a test reads differences. */
    const metrics = () => scrapeMetrics(shop.api.url, METRICS_TOKEN);
    const series = (text: string) => text.split('\n').filter((line) => line.startsWith(`${METRIC}{`));
    const sum = (text: string) => series(text).reduce((n, line) => n + Number(line.split(' ').at(-1)), 0);

    it("when a guest's and a customer's pages send their counts, then the admin reads them summed, and the API's /metrics counts them by machine, state, event and target; a customer gets 403, a guest 401", async () => {
      const before = await metrics();
      const counted = (text: string, labels: Record<string, string>) => sample(text, METRIC, { process: 'api', ...labels }) ?? 0;
      expect(
        (
          await send([
            { ...add, count: 2 },
            { ...ignored, count: 1 },
          ])
        ).status,
      ).toBe(204);
      expect((await send([{ ...add, count: 3 }], shop.customerCookie)).status).toBe(204);
      const res = await get(`${COUNTS.replace('/api/', '/api/admin/')}?days=1`);
      expect(await res.json()).toEqual([
        { ...add, count: 5 },
        { ...ignored, count: 1 },
      ]);
      const after = await metrics();
      expect(counted(after, add) - counted(before, add)).toBe(5);
      expect(counted(after, ignored) - counted(before, ignored)).toBe(1);
      expect((await get('/api/admin/machine-counts', shop.customerCookie)).status).toBe(403);
      expect((await get('/api/admin/machine-counts', null)).status).toBe(401);
    });

    it("when a page's beacon (no X-CSRF, a text/plain body) comes from the shop's own origin, then it is counted; from another site, or saying nothing of where it comes from, 403 and nothing is stored", async () => {
      const beaconRow = { ...add, event: 'cart.clear', count: 1 };
      const total = async () =>
        ((await (await get('/api/admin/machine-counts')).json()) as TransitionCount[]).find((r) => r.event === 'cart.clear')?.count ?? 0;
      // What Chromium sends with navigator.sendBeacon of a text/plain Blob: over HTTPS or to localhost
      // Sec-Fetch-* and Origin; over plain HTTP to another host, Origin alone.
      const beacon = (headers: Record<string, string>) =>
        fetch(shop.bff.url + COUNTS, {
          method: 'POST',
          headers: { 'content-type': BEACON_TYPE, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty', ...headers },
          body: JSON.stringify({ counts: [beaconRow] }),
        });
      const own = new URL(shop.bff.url).origin;
      const before = await total();
      const forgeries: Record<string, string>[] = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: own, 'sec-fetch-site': 'same-site' },
        { origin: 'http://evil.example' },
        { origin: 'null' },
        {},
      ];
      for (const forged of forgeries) expect((await beacon(forged)).status, JSON.stringify(forged)).toBe(403);
      expect(await total()).toBe(before);
      expect((await beacon({ origin: own, 'sec-fetch-site': 'same-origin' })).status).toBe(204);
      expect((await beacon({ origin: own })).status).toBe(204);
      expect(await total()).toBe(before + 2);
    });

    it('when a page sends what is not a label (an e-mail, a context), then that row is dropped and the rest counted; too many rows, 400; past the daily cap no new label opens', async () => {
      const total = async () =>
        ((await (await get('/api/admin/machine-counts')).json()) as TransitionCount[]).reduce((n, r) => n + r.count, 0);
      const before = await total();
      const counted = sum(await metrics());
      expect(
        (
          await send([
            { ...add, event: 'ann@example.com', count: 1 },
            { ...add, count: 1, context: { email: 'ann@example.com' } },
          ])
        ).status,
      ).toBe(204);
      expect((await send(Array.from({ length: MAX_COUNT_ROWS + 1 }, () => ({ ...add, count: 1 })))).status).toBe(400);
      expect(await total()).toBe(before);
      expect(
        (
          await send([
            { ...add, event: 'ann@example.com', count: 1 },
            { ...add, count: 1 },
          ])
        ).status,
      ).toBe(204);
      expect(await total()).toBe(before + 1);
      expect(JSON.stringify(await (await get('/api/admin/machine-counts')).json())).not.toContain('example.com');
      const text = await metrics();
      expect(sum(text)).toBe(counted + 1);
      expect(text).not.toContain('example.com');
      const { rows } = await shop.api.db.query<{ n: number }>(
        'select count(*)::int as n from machine_transition_counts where day = current_date',
      );
      // What it answers is what the metric counts: the label it kept, not the one past the cap.
      expect(
        await addCounts(
          shop.api.db,
          [
            { ...add, event: 'cart.madeUp', count: 1 },
            { ...add, count: 1 },
          ],
          rows[0]!.n,
        ),
      ).toEqual([{ ...add, count: 1 }]);
      expect(await total()).toBe(before + 2);
    });

    it('when pages make up more labels than the metric may hold, then it opens no series past its cap: the rest are counted as (other), none lost', async () => {
      const before = await metrics();
      const madeUp = Array.from({ length: MAX_TRANSITION_SERIES + 5 }, (_, i) => ({ ...add, event: `cart.madeUp${i}`, count: 2 }));
      countTransitions(madeUp);
      const after = await metrics();
      expect(series(after).length).toBeLessThanOrEqual(MAX_TRANSITION_SERIES + 1);
      expect(sum(after) - sum(before)).toBe(2 * madeUp.length);
      const other = (text: string) => sample(text, METRIC, { machine: '(other)', event: '(other)' }) ?? 0;
      expect(other(after) - other(before)).toBeGreaterThanOrEqual(2 * 5);
    });

    it("when QA runs --coverage-from with the shop's address as its admin, then the counts the pages sent are compared with the model runs; a wrong password exits 2 saying the login was refused", async () => {
      const qa = await registerAdmin(shop.api);
      const send3 = { machine: 'submit', source: 'submit.idle', event: 'submit.send', target: 'submit.sending', count: 3 };
      expect(
        (await send([send3, { machine: 'submit', source: 'submit.idle', event: 'submit.confirm', target: NOT_TAKEN, count: 2 }])).status,
      ).toBe(204);
      const run = async (password: string) => {
        vi.stubEnv('MODEL_ADMIN_EMAIL', qa.user.email);
        vi.stubEnv('MODEL_ADMIN_PASSWORD', password);
        const log = vi.spyOn(console, 'log').mockImplementation(() => {});
        const err = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          const status = await coverageFrom(['--coverage-from', `${shop.bff.url}/`], [submitModel()]);
          return { status, out: [...log.mock.calls, ...err.mock.calls].map((c) => String(c[0])).join('\n') };
        } finally {
          log.mockRestore();
          err.mockRestore();
          vi.unstubAllEnvs();
        }
      };
      const { status, out } = await run(qa.password);
      expect(status).toBe(0);
      expect(out).toMatch(/Sent in production, taken by no transition:\n(?: {4}.*\n)* {4}submit\.confirm in submit\.idle {2}×2\n/);
      expect(/In the tests, never taken in production:\n((?: {4}.*\n)+)/.exec(out)?.[1]).not.toContain(
        'submit.idle --submit.send--> submit.sending',
      );
      expect(out).toMatch(/\nsubmit: the tests walk \d+ of the \d+ transitions production took/);
      expect(await run('not-the-password')).toEqual({ status: 2, out: expect.stringMatching(/the admin login was refused \(401\)/) });
    });
  });

  describe('the kiosk fleet', () => {
    const beat = (name: string, more: Partial<KioskHeartbeat> = {}): KioskHeartbeat => ({
      name,
      state: 'attract',
      stateSeconds: 20,
      quietSeconds: 20,
      idleSeconds: 80,
      everySeconds: 15,
      build: 'abc123',
      roundTripMs: 12,
      ...more,
    });
    // Each kiosk's key, as its page keeps it: given by the reply that claimed the name.
    const keys = new Map<string, string>();
    const send = (body: KioskHeartbeat, key: string | undefined) =>
      postJson(shop.bff.url + '/api/kiosks/heartbeat', body, key ? { [KIOSK_KEY_HEADER]: key } : {});
    const heartbeat = async (body: KioskHeartbeat) => {
      const res = await send(body, keys.get(body.name));
      expect(res.status).toBe(200);
      const { key, ...reply } = (await res.json()) as { command?: string; key?: string };
      if (key) keys.set(body.name, key);
      return reply;
    };
    const fleet = async () => (await (await get('/api/admin/kiosks')).json()) as KioskSummary[];
    const command = (name: string, body: unknown, cookie: string | null = shop.adminCookie) =>
      postJson(`${shop.bff.url}/api/admin/kiosks/${encodeURIComponent(name)}/commands`, body, cookie ? { cookie } : {});

    it('when kiosks send heartbeats as guests, then the admin sees each Online, Offline past three missed or Stuck, with its state and since when', async () => {
      expect(await heartbeat(beat('Door'))).toEqual({});
      await heartbeat(beat('Till 2', { state: 'resetting', stateSeconds: 601, quietSeconds: 0 }));
      await heartbeat(beat('Window'));
      // The Window kiosk's page crashed: nothing since 46 s, three heartbeats of 15 s missed.
      await shop.api.db.query(`update kiosks set seen_at = now() - interval '46 seconds' where name = 'Window'`);
      const kiosks = await fleet();
      expect(kiosks.map((k) => [k.name, k.status, k.state])).toEqual([
        ['Door', 'online', 'attract'],
        ['Till 2', 'stuck', 'resetting'],
        ['Window', 'offline', 'attract'],
      ]);
      const door = kiosks[0]!;
      expect(door).toMatchObject({ build: 'abc123', roundTripMs: 12 });
      expect(Date.parse(door.lastSeenAt) - Date.parse(door.stateSince)).toBe(20_000);
    });

    it('when an admin sends Reset now, then the next heartbeat of that kiosk alone gets it, once; customers and guests cannot', async () => {
      await heartbeat(beat('Door'));
      expect((await command('Door', { command: 'reset' }, shop.customerCookie)).status).toBe(403);
      expect((await command('Door', { command: 'reset' }, null)).status).toBe(401);
      expect((await command('Door', { command: 'format-disk' })).status).toBe(400);
      expect((await command('Nowhere', { command: 'reset' })).status).toBe(404);
      expect((await get('/api/admin/kiosks', shop.customerCookie)).status).toBe(403);
      expect(await heartbeat(beat('Door'))).toEqual({});
      expect((await command('Door', { command: 'reset' })).status).toBe(202);
      expect((await fleet()).find((k) => k.name === 'Door')?.pending).toBe('reset');
      expect(await heartbeat(beat('Window'))).toEqual({});
      expect(await heartbeat(beat('Door'))).toEqual({ command: 'reset' });
      expect(await heartbeat(beat('Door'))).toEqual({});
      expect((await command('Door', { command: 'reload' })).status).toBe(202);
      expect(await heartbeat(beat('Door'))).toEqual({ command: 'reload' });
    });

    it("when a heartbeat comes under a claimed name without that kiosk's key, then 403, nothing changes and staff's command stays for the kiosk; Forget frees the name", async () => {
      await heartbeat(beat('Till 1', { state: 'browsing' }));
      expect(keys.get('Till 1')).toMatch(/^[\w-]{43}$/);
      expect((await command('Till 1', { command: 'reset' })).status).toBe(202);
      const before = (await fleet()).find((k) => k.name === 'Till 1');
      const fake = beat('Till 1', { state: 'attract', build: 'fake' });
      for (const key of [undefined, '', 'a-guessed-key', keys.get('Door')]) {
        const res = await send(fake, key);
        expect(res.status).toBe(403);
        expect(await res.json()).not.toHaveProperty('command');
      }
      expect((await fleet()).find((k) => k.name === 'Till 1')).toEqual(before);
      expect(await heartbeat(beat('Till 1', { state: 'browsing' }))).toEqual({ command: 'reset' });

      const forget = (name: string, cookie: string | null = shop.adminCookie) =>
        fetch(`${shop.bff.url}/api/admin/kiosks/${encodeURIComponent(name)}`, {
          method: 'DELETE',
          headers: { 'x-csrf': '1', ...(cookie ? { cookie } : {}) },
        });
      expect((await forget('Till 1', shop.customerCookie)).status).toBe(403);
      expect((await forget('Till 1')).status).toBe(204);
      expect((await forget('Till 1')).status).toBe(404);
      expect((await fleet()).map((k) => k.name)).not.toContain('Till 1');
      // The kiosk set up again (or one whose key was lost) claims the free name with a new key.
      const old = keys.get('Till 1');
      expect((await send(beat('Till 1'), undefined)).status).toBe(200);
      expect((await send(beat('Till 1'), old)).status).toBe(403);
    });

    it("when devices of the instance whose KIOSK_NAME is the kiosk's send its heartbeats, then that instance's word proves them, keyless; through another instance, or claiming the word themselves, 403", async () => {
      const lobby = await startTestBff({ apiUrl: shop.api.url, config: { KIOSK_NAME: 'Lobby 1' } });
      try {
        const through = (url: string, body: KioskHeartbeat, headers: Record<string, string> = {}) =>
          postJson(`${url}/api/kiosks/heartbeat`, body, headers);
        expect((await through(lobby.url, beat('Lobby 1'))).status).toBe(200);
        expect((await through(lobby.url, beat('Lobby 1', { state: 'browsing' }))).status).toBe(200);
        expect((await through(lobby.url, beat('Door'))).status).toBe(403);
        expect((await through(shop.bff.url, beat('Lobby 1'))).status).toBe(403);
        expect((await through(shop.bff.url, beat('Lobby 1'), { [KIOSK_INSTANCE_HEADER]: 'Lobby%201' })).status).toBe(403);
        expect((await fleet()).find((k) => k.name === 'Lobby 1')?.state).toBe('browsing');
      } finally {
        await lobby.stop();
      }
    });

    it('when a heartbeat is malformed, then 400; when the fleet is full, a new name is refused and known kiosks go on', async () => {
      const bad = await send({ ...beat('Door'), state: 'on fire' as 'attract' }, keys.get('Door'));
      expect(bad.status).toBe(400);
      const known = (await fleet()).length;
      expect(await recordHeartbeat(shop.api.db, beat('Door'), { key: keys.get('Door') }, known)).toEqual({ kept: true });
      expect(await recordHeartbeat(shop.api.db, beat('Made up'), {}, known)).toEqual({ kept: false, refused: 'fleet-full' });
      expect((await fleet()).map((k) => k.name)).not.toContain('Made up');
    });
  });
});
