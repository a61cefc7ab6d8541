import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { API_AWAY_STATUS } from '../../bff/http/error-answer.ts';
import { type TestBff, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';

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
