import { phonePhoto } from '../../../api/testing/images.ts';
import { loginAdmin } from '../admin/admin-helpers.ts';
import { expect, test } from '../support/shop.ts';

/*
 * Issue [Media]: a phone photo uploaded as an admin does is served in the sizes each place
 * needs, AVIF or WebP, from the server-rendered page on; nothing of its EXIF reaches a visitor.
 */

const CSRF = { 'X-CSRF': '1' };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

test('when an admin uploads a phone photo, then the details page (server-rendered too), the cart and the admin show it as AVIF/WebP variants sized for each place, served immutable and without its GPS', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAdmin(page);
  const categories = (await (await page.request.get('/api/categories')).json()) as { name: string }[];
  const name = `E2E photo ${Date.now()}`;
  const created = await page.request.post('/api/products/admin', {
    headers: CSRF,
    data: { name, description: 'A product with a real photo', count: 5, price: 12, category: categories[0]!.name, attributesTable: [] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { productId } = (await created.json()) as { productId: string };

  await page.goto(`/admin/edit-product/${productId}`);
  const photo = await phonePhoto(2400, 1800);
  await page.getByLabel('Upload images').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('progressbar', { name: 'Upload of IMG_0001.jpg' })).toHaveAttribute('data-status', 'done');
  // The admin's thumbnail, after the page's refresh: the 160 px variant for its 120 px box.
  const thumb = page.getByRole('img', { name: 'Product image 1' });
  await expect(thumb).toHaveJSProperty('complete', true, { timeout: 15_000 });
  expect(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-160\.avif$/);

  const product = (await (await page.request.get(`/api/products/get-one/${productId}`)).json()) as {
    images: Array<{ path: string; width: number; height: number }>;
  };
  // Stored sideways with EXIF orientation 6: 1800 × 2400 on screen, served 1600 wide at most.
  expect(product.images).toEqual([{ path: expect.stringMatching(/^\/images\/[0-9a-f]{32}\.jpg$/), width: 1600, height: 2133 }]);
  const { path } = product.images[0]!;

  // What a visitor downloads: immutable, typed, no EXIF or GPS.
  for (const url of [path, path.replace(/\.jpg$/, '-640.avif'), path.replace(/\.jpg$/, '-1600.webp')]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    const body = await res.body();
    expect(body.includes(Buffer.from('Exif\0\0')), url).toBe(false);
    expect(body.includes(Buffer.from('GPSLatitude')), url).toBe(false);
  }

  // A guest's phone: the server-rendered details page already lists the variants.
  const guest = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const phone = await guest.newPage();
  const html = await (await phone.request.get(`/product-details/${productId}`)).text();
  const base = path.replace(/\.jpg$/, '');
  const avif = `${base}-160.avif 160w, ${base}-320.avif 320w, ${base}-640.avif 640w, ${base}-1024.avif 1024w, ${base}-1600.avif 1600w`;
  // React writes the attribute as `srcSet`; HTML attribute names are not case-sensitive.
  expect(html.toLowerCase()).toContain(`<source type="image/avif" srcset="${avif}"`.toLowerCase());
  // The head preloads the very AVIF the page's <picture> picks, not the JPEG fallback.
  expect(html).toContain(
    `<link rel="preload" as="image" href="${path}" imagesrcset="${avif}" imagesizes="(min-width: 992px) 50vw, 100vw" type="image/avif" fetchpriority="high">`,
  );

  await phone.goto(`/product-details/${productId}`);
  const main = phone.getByRole('group', { name: new RegExp(`^${name}, picture 1 of 1`) }).locator('img');
  await expect(main).toHaveJSProperty('complete', true);
  // 360 px at 2× wants 720 px: the 1024 AVIF, not the 4.5 MB original nor the 1600.
  expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-1024\.avif$/);

  await phone.getByRole('button', { name: 'Add to cart' }).click();
  await expect(phone.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
  // The cart on a phone whose cache is empty (Chromium would reuse the 1024 it holds): the 160 px AVIF for an 80 px line.
  const later = await browser.newContext({ ...PHONE, baseURL, storageState: await guest.storageState() });
  const cart = await later.newPage();
  await cart.goto('/cart');
  const line = cart.getByRole('listitem').filter({ hasText: name }).locator('img');
  await expect(line).toHaveJSProperty('complete', true);
  expect(await line.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-160\.avif$/);
  await later.close();
  await guest.close();
});
