import type { Page } from '@playwright/test';
import type { Product } from '#contracts/product.ts';
import { phonePhoto } from '../../../api/testing/images.ts';
import { loginAdmin } from '../admin/admin-helpers.ts';
import { loginByApi, placeOrder } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';

/*
 * A phone photo uploaded as an admin does is served in the sizes each place
 * needs, AVIF or WebP, from the server-rendered page on; nothing of its EXIF reaches a visitor.
 */

const CSRF = { 'X-CSRF': '1' };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

test('when an admin uploads a phone photo, then the details page (server-rendered too), the cart and the admin show it as AVIF/WebP variants sized for each place, served immutable and without its GPS; on a phone a finger pans the zoomed photo', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAdmin(page);
  const categories = (await (await page.request.get('/api/categories')).json()) as { name: string }[];
  const name = `E2E photo ${Date.now()}`;
  // In Books, it is the newest book, so the first one other specs of this worker's shop open and
  // buy: with a few units it sold out and their Add to cart was gone (CI failed on it twice).
  const created = await page.request.post('/api/products/admin', {
    headers: CSRF,
    data: {
      name,
      description: 'A product with a real photo',
      count: 200,
      price: 12,
      category: categories[0]!.name,
      attributesTable: [],
    },
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

  // A tap zooms; dragging the zoomed picture pans it (the picture follows the finger) and keeps it zoomed.
  const frame = phone.getByRole('group', { name: new RegExp(`^${name}, picture 1 of 1`) });
  await frame.tap();
  await expect(frame).toHaveAttribute('data-zoomed', 'true');
  const box = (await frame.boundingBox())!;
  const at = (dx: number) => ({ pointerType: 'touch', clientX: box.x + box.width / 2 + dx, clientY: box.y + box.height / 2 });
  await frame.dispatchEvent('pointerdown', at(0));
  await frame.dispatchEvent('pointermove', at(60));
  await frame.dispatchEvent('pointerup', at(60));
  await expect(frame).toHaveAttribute('data-zoomed', 'true');
  expect(parseFloat(await main.evaluate((img: HTMLImageElement) => img.style.transformOrigin))).toBeLessThan(40);

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

/** Every product image on the page (the demo's are the pool's photos; categories' pictures live under /images/demo/), with what wraps it. */
const productImages = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .filter((img) => /^\/images\/(?!demo\/)/.test(img.getAttribute('src') ?? ''))
      .map((img) => {
        const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null;
        const srcset = (type: string) => picture?.querySelector(`source[type="image/${type}"]`)?.getAttribute('srcset') ?? '';
        return {
          src: img.getAttribute('src')!,
          avif: srcset('avif'),
          webp: srcset('webp'),
          sizes: picture?.querySelector('source')?.getAttribute('sizes') ?? '',
        };
      }),
  );

/** Waits for the page's product images, then expects each in a <picture> with AVIF and WebP variants and a sizes. */
const expectEveryProductImageHasVariants = async (page: Page, where: string) => {
  await expect.poll(async () => (await productImages(page)).length, { message: where }).toBeGreaterThan(0);
  for (const image of await productImages(page)) {
    const base = image.src.replace(/\.jpg$/, '');
    expect(image, `${where}: ${image.src}`).toEqual({
      src: expect.stringMatching(/^\/images\/[0-9a-f]{32}\.jpg$/),
      avif: expect.stringContaining(`${base}-160.avif 160w`),
      webp: expect.stringContaining(`${base}-1600.webp 1600w`),
      sizes: expect.stringMatching(/\S/),
    });
  }
};

/** In server-rendered HTML: every product <img> sits in a <picture> with an AVIF and a WebP source; at least one does. */
const expectServerHtmlHasVariants = (html: string, where: string) => {
  const pictures = html.match(/<picture\b[\s\S]*?<\/picture>/g) ?? [];
  const withVariants = pictures.filter(
    (p) => /<source type="image\/avif" srcSet="[^"]*-160\.avif 160w/i.test(p) && /<source type="image\/webp" srcSet="[^"]+"/i.test(p),
  );
  expect(withVariants.length, where).toBeGreaterThan(0);
  const outside = pictures.reduce((rest, p) => rest.replace(p, ''), html);
  expect(outside.match(/<img[^>]*src="\/images\/(?!demo\/)[^"]*"/g) ?? [], where).toEqual([]);
};

test('when a shopper, a customer and the admin walk the demo shop, then every product image of every page (server-rendered too) is a <picture> with AVIF and WebP variants', async ({
  page,
  browser,
  baseURL,
}) => {
  const { products } = (await (await page.request.get('/api/products/category/Books')).json()) as { products: Product[] };
  const book = products.find((p) => p.images.length > 1) ?? products[0]!;
  const details = `/product-details/${book._id}`;

  for (const url of ['/', '/product-list', details]) expectServerHtmlHasVariants(await (await page.request.get(url)).text(), url);

  await page.goto('/');
  await expectEveryProductImageHasVariants(page, 'home carousel');
  await page.goto('/product-list');
  await expectEveryProductImageHasVariants(page, 'list');
  await page.goto('/product-list/category/Books');
  await expectEveryProductImageHasVariants(page, 'category');
  await page.goto(details);
  const frame = page.getByRole('group', { name: new RegExp(`^${book.name}, picture 1 of`) });
  await frame.hover();
  await expectEveryProductImageHasVariants(page, 'details, zoomed, with its gallery');

  await loginByApi(page.request, DEMO_USER);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await expectEveryProductImageHasVariants(page, 'cart');
  const order = await placeOrder(page.request, book, 'cod');
  await page.goto(`/user/order-details/${order._id}`);
  await expectEveryProductImageHasVariants(page, 'order');

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await loginAdmin(adminPage);
  await adminPage.goto(`/admin/edit-product/${book._id}`);
  await expectEveryProductImageHasVariants(adminPage, 'admin product form');
  await admin.close();

  const kiosk = await browser.newContext({ baseURL });
  const kioskPage = await kiosk.newPage();
  await kioskPage.goto('/kiosk');
  await expectEveryProductImageHasVariants(kioskPage, 'kiosk tiles');
  await kiosk.close();
});
