import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '#contracts/product.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { startSecondInstance } from '../../testing/second-instance.ts';
import { addProduct } from '../products/test-fixtures.ts';
import { registerAdmin } from '../../testing/test-api.ts';

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/*
 * Uploaded images live in DATA_DIR/images: API instances of one shop are given the same
 * DATA_DIR (one disk, or a shared mount), so an image uploaded through one is served by every
 * one. (IMAGE_HOST_URL sends uploads to a hosting service instead, which needs no shared folder.)
 */
describe('uploaded images on two API instances sharing DATA_DIR', () => {
  let a: TestApi;
  let b: TestApi;
  let token: string;
  beforeAll(async () => {
    a = await startTestApi({ attachments: [] });
    b = await startSecondInstance(a);
    const admin = await registerAdmin(a);
    token = admin.token;
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('when an admin uploads an image through instance A, then instance B serves it, and once B deletes it neither serves it', async () => {
    const product = await addProduct(a.db, { name: 'Camera', category: 'Cameras' });
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
    const res = await a.authed(token)(`/api/products/admin/upload?productId=${product}`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const imagePath = ((await res.json()) as UploadResponse).images[0]!.path;

    const served = await fetch(b.url + imagePath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await (await fetch(a.url + imagePath)).arrayBuffer()));

    const removed = await b.authed(token)(`/api/products/admin/image/${encodeURIComponent(imagePath)}/${product}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    for (const api of [a, b]) expect((await fetch(api.url + imagePath)).status).toBe(404);
  });
});
