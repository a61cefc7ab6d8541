import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, sample } from '../tests/support/metrics-text.ts';
import { type FakeApi, startFakeApi } from './testing/fake-api.ts';
import { type TestBff, startTestBff } from './testing/bff-harness.ts';

const TOKEN = 'metrics-test-token-0123456789';
const scrape = (bff: TestBff, token = TOKEN) => fetch(`${bff.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });

/** What a scanner could compare: the status, every header but the per-request ones, and the body's bytes. */
const seen = async (answer: Response) => {
  const headers = [...answer.headers].filter(([name]) => !['date', 'x-request-id'].includes(name));
  return { status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()).toString('base64') };
};

let upstream: FakeApi;
let open: TestBff;
let closed: TestBff;

beforeAll(async () => {
  upstream = await startFakeApi();
  [open, closed] = await Promise.all([
    startTestBff({ apiUrl: upstream.url, config: { METRICS_TOKEN: TOKEN }, apiLimitPerMinute: 30 }),
    startTestBff({ apiUrl: upstream.url }),
  ]);
});

afterAll(async () => {
  await Promise.all([open?.stop(), closed?.stop()]);
  await upstream?.stop();
});

describe('GET /metrics on the BFF', () => {
  it('when METRICS_TOKEN is unset, or the bearer token is wrong or missing, then the answer is byte for byte what an unknown path gets', async () => {
    for (const bff of [open, closed]) {
      const unknown = await seen(await fetch(`${bff.url}/no-such-page`));
      expect(await seen(await scrape(bff, 'wrong-token-0123456789abcdef'))).toEqual(unknown);
      expect(await seen(await fetch(`${bff.url}/metrics`))).toEqual(unknown);
      expect(await seen(await fetch(`${bff.url}/metrics`, { headers: { authorization: TOKEN } }))).toEqual(unknown);
    }
    expect(await seen(await scrape(closed))).toEqual(await seen(await fetch(`${closed.url}/no-such-page`)));
  });

  it('when the token is right, then requests are counted by route template and status (never the raw path), refusals by limit, with memory and event loop lag, in Prometheus names', async () => {
    const route = { process: 'bff', method: 'GET', route: '/api/products/get-one/:id', status: '200' };
    // The registry is the process's: other files in this worker may have counted the route already.
    const before = sample(await (await scrape(open)).text(), 'statefront_http_request_duration_seconds_count', route) ?? 0;
    for (const id of ['order-4711', 'order-4712']) await fetch(`${open.url}/api/products/get-one/${id}?keyword=hunter2`);
    // Past the /api limit of 30 a minute (the pages above count too).
    for (let i = 0; i < 30; i += 1) await fetch(`${open.url}/api/categories`);
    const answer = await scrape(open);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(sample(text, 'statefront_http_request_duration_seconds_count', route)).toBe(before + 2);
    expect(sample(text, 'statefront_http_request_duration_seconds_count', { route: '/api/categories', status: '429' })).toBeGreaterThan(0);
    expect(text).not.toMatch(/order-4711|hunter2/);
    expect(sample(text, 'statefront_limit_refusals_total', { process: 'bff', limit: 'api-requests' })).toBeGreaterThan(0);
    expect(sample(text, 'statefront_http_requests_in_flight', { process: 'bff' })).toBe(1);
    // The Node.js defaults carry the label of whichever server turned metrics on first in this
    // process: in a test worker shared with API files, that may be 'api'.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Counters end in _total, durations are histograms in seconds, sizes in bytes.
    for (const [name, type] of families(text)) {
      if (!name.startsWith('statefront_')) continue;
      if (type === 'counter') expect(name).toMatch(/_total$/);
      if (type === 'histogram') expect(name).toMatch(/_seconds$/);
    }
  });
});
