import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHead, slowClient } from '../api/testing/slow-client.ts';
import { type TestApi, startTestApi } from '../api/testing/api-harness.ts';
import { TOO_SLOW, serverTimeouts } from './slow-requests.ts';

const SMALL = { HEADERS_TIMEOUT_SECONDS: 0.3, JSON_BODY_TIMEOUT_SECONDS: 0.5, UPLOAD_BODY_TIMEOUT_SECONDS: 60 };

describe('serverTimeouts', () => {
  it('when the limits are the defaults, then node cuts headers at 10 s and any request at the upload time, checking every second', () => {
    expect(serverTimeouts({ HEADERS_TIMEOUT_SECONDS: 10, JSON_BODY_TIMEOUT_SECONDS: 30, UPLOAD_BODY_TIMEOUT_SECONDS: 120 })).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: 1_000,
    });
  });

  it('when the header limit is above the request one, then it is lowered to it (node refuses otherwise)', () => {
    expect(
      serverTimeouts({ HEADERS_TIMEOUT_SECONDS: 5, JSON_BODY_TIMEOUT_SECONDS: 1, UPLOAD_BODY_TIMEOUT_SECONDS: 2 }).headersTimeout,
    ).toBe(2_000);
  });
});

describe(`the API and slow clients (${Object.entries(SMALL)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ')})`, () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ config: SMALL });
  });
  afterAll(() => t?.stop());

  it('when the headers never end, then the API answers 408 and closes the connection', async () => {
    const client = await slowClient(t.url, 'GET /api/categories HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await client.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('when a JSON body stalls, then the API answers 408 with a message and closes the connection', async () => {
    const client = await slowClient(t.url, `${requestHead('POST', '/api/users/login', 100)}{"email":`);
    const answer = await client.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(TOO_SLOW);
  });
});
