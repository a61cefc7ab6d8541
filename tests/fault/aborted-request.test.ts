import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { adminWithProfile } from '../../api/testing/test-api.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestBff, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';

/**
 * Sends the headers announcing `declared` bytes, waits until the server has taken the
 * request (its `100 Continue`: the handler is running and reading the body), writes half
 * of the body and then drops the connection, as a browser does when its tab is closed.
 */
const abortMidBody = (url: string, headers: Record<string, string>, declared: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(declared), expect: '100-continue' },
    });
    let taken = false;
    req.on('continue', () => {
      taken = true;
      req.write(Buffer.alloc(Math.floor(declared / 2), 'a'), () => {
        req.destroy();
        resolve();
      });
    });
    req.on('response', (res) => {
      res.resume();
      reject(new Error(`the server answered ${res.statusCode} before the body was complete`));
    });
    // After the server took the request, the error is that of our own destroy: expected.
    req.on('error', (error) => (taken ? resolve() : reject(error)));
  });

/** Half a multipart upload: the part header and some image bytes, never the closing boundary. */
const multipartHead = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

describe('fault: a client aborts its request mid-body', () => {
  let t: TestApi;
  let bff: TestBff;
  let bossToken: string;
  let product: string;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    t = await startTestApi({ attachments: [] });
    bff = await startTestBff({ apiUrl: t.url });
    bossToken = (await adminWithProfile(t)).token;
    product = await addProduct(t.db, { name: 'Abort target', category: 'Fault' });
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await bff.stop();
    await t.stop();
  });

  const productCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from products')).rows[0]!.n;

  it('when a JSON body to the API is cut off, then nothing is stored and the API keeps serving', async () => {
    const before = await productCount();
    await abortMidBody(`${t.url}/api/products/admin`, { 'content-type': 'application/json', authorization: `Bearer ${bossToken}` }, 50_000);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const res = await t.authed(bossToken)('/api/products/admin', {
      method: 'POST',
      body: JSON.stringify({ name: 'After the abort', description: 'Fine', count: 1, price: 5, category: 'Fault' }),
    });
    expect(res.status).toBe(201);
    expect(await productCount()).toBe(before + 1);
    expect(crashes).toEqual([]);
  });

  it('when an image upload is cut off, then no image is added and the API keeps serving', async () => {
    const boundary = 'statefront-fault-boundary';
    const head = multipartHead(boundary);
    await abortMidBody(
      `${t.url}/api/products/admin/upload?productId=${product}`,
      { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${bossToken}` },
      head.length + 400_000,
    );
    const res = await fetch(`${t.url}/api/products/get-one/${product}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { images: unknown[] }).images).toEqual([]);
    expect(crashes).toEqual([]);
  });

  it('when a body sent through the BFF is cut off, then the BFF and the API both keep serving', async () => {
    // Proxied to the API as a stream, and read by the BFF itself (register).
    for (const path of ['/api/orders', '/api/users/register']) {
      await abortMidBody(`${bff.url}${path}`, { 'content-type': 'application/json', 'x-csrf': '1' }, 50_000);
    }
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${bff.url}/api/categories`)).status).toBe(200);
    const res = await postJson(`${bff.url}/api/users/register`, {
      name: 'After',
      lastName: 'Abort',
      email: 'after-abort@example.test',
      password: 'secret-password',
    });
    expect(res.status).toBe(201);
    expect(crashes).toEqual([]);
  });
});
