import { access, mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { adminWithProfile } from '../../api/testing/test-api.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestBff, startTestBff } from '../../bff/testing/bff-harness.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** GET with the path exactly as written: fetch would resolve `..` before sending it. */
const rawGet = (url: string, rawPath: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    http
      .get({ hostname, port, path: rawPath }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

describe('security: image paths never reach outside the images folder', () => {
  let t: TestApi;
  let bossToken: string;
  let sentinel: string;
  const SECRET = 'sentinel file outside the images folder';
  // Stored paths are not URL-decoded: '/images/%2e%2e/x' names a folder literally called '%2e%2e'.
  const escapes = ['/images/../sentinel.txt', '/images/../../sentinel.txt', '/images/x/../../sentinel.txt', '/images/..\\sentinel.txt'];

  beforeAll(async () => {
    t = await startTestApi({ attachments: [] });
    bossToken = (await adminWithProfile(t)).token;
    sentinel = path.join(t.config.DATA_DIR, 'sentinel.txt');
    await writeFile(sentinel, SECRET);
  });
  afterAll(() => t.stop());

  it('when the images folder holds a page or a script (restored, or copied there by hand), then /images answers 404 for it, from the API and through the BFF; an image is served', async () => {
    const images = path.join(t.config.DATA_DIR, 'images');
    await mkdir(images, { recursive: true });
    const page = '<script src="/images/pwn.js"></script>';
    for (const name of ['pwn.html', 'pwn.js', 'pwn.svg', 'pwn.htm', 'pwn.png.html', 'pwn']) await writeFile(path.join(images, name), page);
    await writeFile(path.join(images, 'photo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const bff: TestBff = await startTestBff({ apiUrl: t.url });
    try {
      for (const base of [t.url, bff.url]) {
        for (const name of ['pwn.html', 'pwn.js', 'pwn.svg', 'pwn.htm', 'pwn.png.html', 'pwn', 'pwn.HTML']) {
          const res = await rawGet(base, `/images/${name}`);
          expect({ base, name, status: res.status }).toEqual({ base, name, status: 404 });
          expect(res.body).not.toContain('<script');
        }
        expect((await rawGet(base, '/images/photo.png')).status).toBe(200);
      }
    } finally {
      await bff.stop();
    }
  });

  it('when an admin deletes an image whose path climbs out of the images folder, then it is refused and the file stays', async () => {
    // The row holds the bad paths too, so only the path check can stop the delete.
    const product = await addProduct(t.db, { name: 'Climber', category: 'Security', images: escapes.map((p) => ({ path: p })) });
    for (const p of escapes) {
      const res = await t.authed(bossToken)(`/api/products/admin/image/${encodeURIComponent(p)}/${product}`, { method: 'DELETE' });
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
    }
    expect(await exists(sentinel)).toBe(true);
  });

  it('when a product whose images climb out of the folder is deleted, then the outside file stays', async () => {
    const product = await addProduct(t.db, { name: 'Climber 2', category: 'Security', images: escapes.map((p) => ({ path: p })) });
    const res = await t.authed(bossToken)(`/api/products/admin/${product}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await exists(sentinel)).toBe(true);
  });

  it('when someone asks /images for a file outside the folder, then its content is never served', async () => {
    for (const p of [
      '/images/../sentinel.txt',
      '/images/%2e%2e/sentinel.txt',
      '/images/%2e%2e%2fsentinel.txt',
      '/images/..%5csentinel.txt',
    ]) {
      const res = await rawGet(t.url, p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect(res.body, p).not.toContain(SECRET);
    }
  });
});
