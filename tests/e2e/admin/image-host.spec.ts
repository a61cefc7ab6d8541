import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect } from '@playwright/test';
import { startSeededShop } from '../support/shop.ts';
import { editFirstProduct, paddedPng } from './admin-helpers.ts';

type Received = { field: string | null; bytes: number; cookie: string | undefined; csrf: string | undefined };
type ImageHost = { origin: string; uploadUrl: string; received: Received[] };

const UPLOAD_PATH = '/v1_1/e2e/image/upload';

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A stand-in for the image hosting service on its own local port (another origin than the
 * shop): an unsigned upload takes the multipart field `file` and answers `secure_url`, and
 * the stored image is served from the same host, as the real service does.
 */
const startImageHost = async (): Promise<{ host: ImageHost; server: Server }> => {
  const stored = new Map<string, Buffer>();
  const received: Received[] = [];
  const host: ImageHost = { origin: '', uploadUrl: '', received };
  const server = createServer((req, res) => {
    void (async () => {
      const cors = { 'access-control-allow-origin': req.headers.origin ?? '*' };
      // Listening to upload progress makes the browser ask first (a CORS preflight), as it
      // does with the real service, which allows it.
      if (req.method === 'OPTIONS' && req.url === UPLOAD_PATH) {
        res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-max-age': '600' }).end();
        return;
      }
      if (req.method === 'POST' && req.url === UPLOAD_PATH) {
        const body = await readBody(req);
        const form = await new Request(host.uploadUrl, {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        }).formData();
        const file = form.get('file');
        received.push({
          field: file instanceof Blob ? 'file' : null,
          bytes: file instanceof Blob ? file.size : 0,
          cookie: req.headers.cookie,
          csrf: req.headers['x-csrf'] as string | undefined,
        });
        if (!(file instanceof Blob)) {
          res
            .writeHead(400, { ...cors, 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'Missing required parameter - file' } }));
          return;
        }
        const name = randomUUID();
        stored.set(`/img/${name}.png`, Buffer.from(await file.arrayBuffer()));
        const secureUrl = `${host.origin}/img/${name}.png`;
        res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(JSON.stringify({ public_id: name, secure_url: secureUrl, url: secureUrl, format: 'png' }));
        return;
      }
      const image = req.method === 'GET' ? stored.get(req.url ?? '') : undefined;
      if (image) res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      else res.writeHead(404, cors).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.uploadUrl = `${host.origin}${UPLOAD_PATH}`;
  return { host, server };
};

/** The image host first, then a whole shop whose IMAGE_HOST_URL points at it. */
const test = base.extend<object, { imageHost: ImageHost; shopUrl: string }>({
  imageHost: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { host, server } = await startImageHost();
      await use(host);
      server.close();
    },
    { scope: 'worker' },
  ],
  shopUrl: [
    async ({ imageHost }, use) => {
      const shop = await startSeededShop({ IMAGE_HOST_URL: imageHost.uploadUrl });
      await use(shop.url);
      await shop.stop(2_000);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shopUrl }, use) => {
    await use(shopUrl);
  },
});

test('when an image host is configured, then the admin uploads straight to it with progress, the hosted image shows on the product and can be deleted', async ({
  page,
  imageHost,
}) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await editFirstProduct(page);
  const productId = page.url().split('/').at(-1)!;
  const hosted = page.locator(`img[src^="${imageHost.origin}/img/"]`);
  await expect(hosted).toHaveCount(0);

  const png = paddedPng();
  await page.getByLabel('Upload images').setInputFiles({ name: 'hosted.png', mimeType: 'image/png', buffer: png });
  const progress = page.getByRole('progressbar', { name: 'Upload of hosted.png' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'done');
  expect(await progress.evaluate((p: HTMLProgressElement) => p.value === p.max)).toBe(true);

  // The file reached the host, in its field, without the shop's cookie or anti-forgery header.
  expect(imageHost.received).toEqual([{ field: 'file', bytes: png.length, cookie: undefined, csrf: undefined }]);
  // The page refreshes its data 5 s after the upload; the image is served by the host.
  await expect(hosted).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(() => hosted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  const product = (await (await page.request.get(`/api/products/get-one/${productId}`)).json()) as { images: { path: string }[] };
  expect(product.images.filter((i) => i.path.startsWith(`${imageHost.origin}/img/`))).toHaveLength(1);

  // A hosted image is deleted with cloudinary=true, and the shop forgets it.
  await page
    .getByRole('listitem')
    .filter({ has: hosted })
    .getByRole('button', { name: /^Delete image / })
    .click();
  await expect(hosted).toHaveCount(0);
  const after = (await (await page.request.get(`/api/products/get-one/${productId}`)).json()) as { images: { path: string }[] };
  expect(after.images.filter((i) => i.path.startsWith(imageHost.origin))).toEqual([]);
  expect(blocked).toEqual([]);
});
