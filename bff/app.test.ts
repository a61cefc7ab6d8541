import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from './testing/fake-api.ts';
import { startTestBff } from './testing/bff-harness.ts';

let upstream: FakeApi;

beforeAll(async () => {
  upstream = await startFakeApi();
});

afterAll(async () => {
  await upstream?.stop();
});

describe('createBff', () => {
  it('when the BFF stops while a request is in flight, then that request still gets its answer and new ones are refused', async () => {
    const bff = await startTestBff({ apiUrl: upstream.url });
    const inFlight = fetch(`${bff.url}/api/slow`);
    // Stop only once the API has the request, so it is truly in flight.
    while (!upstream.requests.some((r) => r.url === '/api/slow')) await new Promise((r) => setImmediate(r));
    const stopped = bff.stop();
    upstream.answerSlow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reached: true });
    await stopped;
    await expect(fetch(`${bff.url}/healthz`)).rejects.toThrow();
  });

  it('when the API cannot be reached, then the browser gets a 502 with a message', async () => {
    const bff = await startTestBff({ apiUrl: 'http://127.0.0.1:9' });
    try {
      const proxied = await fetch(`${bff.url}/api/products/bestsellers`);
      expect(proxied.status).toBe(502);
      expect(((await proxied.json()) as { message: string }).message).toMatch(/cannot be reached right now/);
      const own = await fetch(`${bff.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: '{"email":"a@b.c","password":"x"}',
      });
      expect(own.status).toBe(502);
    } finally {
      await bff.stop();
    }
  });

  it('when a request carries an x-request-id, then it reaches the API and comes back', async () => {
    const bff = await startTestBff({ apiUrl: upstream.url });
    try {
      const res = await fetch(`${bff.url}/api/products`, {
        headers: { 'x-request-id': 'trace-123' },
      });
      expect(res.headers.get('x-request-id')).toBe('trace-123');
      expect(upstream.requests.at(-1)!.headers['x-request-id']).toBe('trace-123');
      expect(bff.logs.some((line) => line.includes('"requestId":"trace-123"') && line.includes('"path":"/api/products"'))).toBe(true);
    } finally {
      await bff.stop();
    }
  });
});
