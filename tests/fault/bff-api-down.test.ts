import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { API_AWAY_STATUS } from '../../bff/http/error-answer.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';
import { FAKE_PASSWORD, startFakeApi } from '../../bff/testing/fake-api.ts';
import { startSwitchableRelay } from '../../bff/testing/switchable-relay.ts';

describe('fault: the API goes down behind a running BFF', () => {
  let api: TestApi;
  let bff: TestBff;
  beforeAll(async () => {
    api = await startTestApi({ attachments: [] });
    bff = await startTestBff({ apiUrl: api.url });
    // The BFF reaches the API (and keeps a connection to it) before the outage.
    expect((await fetch(`${bff.url}/api/categories`)).status).toBe(200);
    await api.stop();
  });
  afterAll(() => bff.stop());

  const expect502 = async (res: Response, label: string) => {
    // The status the balancer does not count against a BFF (scripts/cluster/nginx-config.test.ts).
    expect(res.status, label).toBe(API_AWAY_STATUS);
    expect(res.headers.get('content-type'), label).toMatch(/application\/json/);
    const body = (await res.json()) as { message?: string };
    expect(body.message, label).toMatch(/cannot be reached right now/);
  };

  it('when the browser calls a proxied /api endpoint, then it gets a 502 JSON message', async () => {
    await expect502(await fetch(`${bff.url}/api/categories`), 'GET /api/categories');
    await expect502(await fetch(`${bff.url}/api/products/get-one/x`), 'GET /api/products/get-one/x');
    await expect502(await postJson(`${bff.url}/api/orders`, { cartItems: [] }), 'POST /api/orders');
  });

  it("when the browser calls the BFF's own login or register, then it gets a 502 JSON message too", async () => {
    await expect502(await postJson(`${bff.url}/api/users/login`, { email: 'a@example.test', password: 'secret-password' }), 'login');
    await expect502(
      await postJson(`${bff.url}/api/users/register`, { name: 'A', lastName: 'B', email: 'a@example.test', password: 'secret-password' }),
      'register',
    );
  });

  it('when a guest asks who is logged in, then the BFF answers 401 itself, not 502', async () => {
    const res = await fetch(`${bff.url}/api/session`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Please log in first' });
  });

  it('when the API is down, then the shop page and its deep links are still served', async () => {
    for (const path of ['/', '/product-list', '/user/my-orders']) {
      const res = await fetch(`${bff.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('Statefront test client');
    }
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
  });

  it('when the outage is noticed, then the BFF logs it without leaking the error to the browser', async () => {
    const res = await fetch(`${bff.url}/api/products/bestsellers`);
    const text = await res.text();
    expect(text).not.toMatch(/ECONNREFUSED|ECONNRESET|127\.0\.0\.1|\bat .+:\d+:\d+/);
    expect(bff.logs.some((line) => line.includes('proxy error'))).toBe(true);
  });
});

describe('fault: a logout during an API outage, then the BFF and the API restart', () => {
  it('when the BFF restarts before the API confirmed the logout, then the saved cookie stays logged out and the API is told', async () => {
    // The fake API keeps its sessions across the "outage" (the relay switched off), as the API keeps them in its database.
    const api = await startFakeApi();
    const relay = await startSwitchableRelay(api.url);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-ended-'));
    const config = { DATA_DIR: dataDir };
    let bff = await startTestBff({ apiUrl: relay.url, config, logoutTiming: { waitMs: 50, retryMs: 60_000 } });
    try {
      const cookie = cookieFrom(await postJson(`${bff.url}/api/users/login`, { email: 'john@shop.test', password: FAKE_PASSWORD }));
      const whoAmI = () => fetch(`${bff.url}/api/get-token`, { headers: { cookie } });
      expect((await whoAmI()).status).toBe(200);

      relay.set('refuse');
      expect((await fetch(`${bff.url}/api/logout`, { headers: { cookie } })).status).toBe(200);
      // Kept where only the shop's own user may read it.
      const folder = path.join(dataDir, 'ended-sessions');
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(folder, 'pending.json'))).mode & 0o777).toBe(0o600);
      expect(await readFile(path.join(folder, 'pending.json'), 'utf8')).not.toContain('upstream-token');

      await bff.stop();
      relay.set('up');
      bff = await startTestBff({ apiUrl: relay.url, config, logoutTiming: { retryMs: 20 } });
      expect((await whoAmI()).status).toBe(401);
      const loggedOut = () => api.requests.filter((r) => r.url === '/api/logout' && r.headers.authorization?.includes('john@shop.test'));
      await expect.poll(() => loggedOut().length, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(async () => readFile(path.join(folder, 'pending.json'), 'utf8')).toBe('[]');
    } finally {
      await bff.stop();
      await relay.stop();
      await api.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
