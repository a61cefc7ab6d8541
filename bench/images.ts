/**
 * What processing uploads into sized AVIF and WebP saves, on photos as owners take them: ten 4000×3000 JPEGs of 4–5 MB
 * with GPS in their EXIF (bench/support/phone-photos.ts), uploaded by the admin through the BFF
 * of a shop started as the benches start it (API and BFF in their own processes, demo data).
 *
 * The reference, in the same run and the same shop: the same ten originals on the products of
 * the list's page 2, recorded through the image-host mode (`cloudinary=true`, a local static
 * server standing for the host), which serves every place the file as it was uploaded: what
 * main did with an uploaded photo. Page 1's products carry the processed uploads.
 *
 * Figures: time per photo; the API's peak RSS during the uploads (goal ≤ idle + 400 MB); the
 * product list's p99 during the uploads (goal ≤ 2× before); a 360×740 phone (DPR 2) until
 * load, lazy images below the first screen excluded: image bytes of the list (≤ 300 KB), of a
 * product page (≤ 500 KB) and each cart thumbnail (≤ 15 KB); Lighthouse mobile, median of
 * RUNS, on the list and a product page (performance ≥ the reference's, LCP ≤ 2.5 s); the bytes
 * of each variant beside the original.
 * Run: npm run build, then npx tsx bench/images.ts [photos, default 10] [lighthouse runs, default 3]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page, type Response } from 'playwright-core';
import { VARIANT_FORMATS, variantPath, variantWidths } from '#contracts/images.ts';
import { Browser } from '../tests/cluster/support/browser.ts';
import { audit, retried, type Sample } from './lighthouse.ts';
import { atLeast, atMost, type Figure, isEntry, median, percentile, printFigures } from './support/figures.ts';
import { phonePhotoOf } from './support/phone-photos.ts';
import { startSplitShop } from './support/shop.ts';

const KB = 1024;
const DEMO_ADMIN = { email: 'admin@admin.com', password: 'admin@admin.com' };
type Image = { path: string; width?: number };
type Product = { _id: string; images: Image[] };

/** The image host of the reference: the originals as uploaded, as main served them (no caching). */
const startHost = async (originals: Buffer[]) => {
  const server = http.createServer((req, res) => {
    const file = originals[Number(/^\/raw\/(\d+)\.jpg$/.exec(req.url ?? '')?.[1] ?? -1)];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': file.length, 'cache-control': 'public, max-age=0' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** GETs `url` from `width` loops until stop(); the latencies in ms. */
const loadLoop = (url: string, width = 4) => {
  const latencies: number[] = [];
  let running = true;
  const loops = Array.from({ length: width }, async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - t);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return latencies;
    },
  };
};

const phone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * The image bytes a phone downloads until load for the images it shows: every `<img>` that is
 * eager or on the first screen (a lazy one further down is not counted even if fetched early).
 */
const imageBytes = async (page: Page, url: string, settle = false): Promise<{ total: number; each: number[] }> => {
  const bodies = new Map<string, Promise<number>>();
  const listener = (res: Response) => {
    if (res.request().resourceType() === 'image')
      bodies.set(
        res.url(),
        res.body().then(
          (b) => b.length,
          () => 0,
        ),
      );
  };
  page.on('response', listener);
  await page.goto(url, { waitUntil: 'load' });
  // The cart's lines come from the browser's storage after hydration: wait for their pictures.
  if (settle) await page.waitForFunction(() => document.images.length > 0 && [...document.images].every((img) => img.complete));
  const shown = await page.$$eval('img', (imgs) =>
    imgs
      .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < window.innerHeight)
      .map((img) => img.currentSrc)
      .filter(Boolean),
  );
  page.off('response', listener);
  const each = await Promise.all([...new Set(shown)].map((src) => bodies.get(src) ?? Promise.resolve(0)));
  return { total: each.reduce((a, b) => a + b, 0), each };
};

const kb = (bytes: number) => `${(bytes / KB).toFixed(0)} KB`;

export const imagesBench = async ({ photos = 10, runs = 3 }: { photos?: number; runs?: number } = {}): Promise<Figure[]> => {
  console.log(`making ${photos} phone photos (4000×3000, GPS EXIF) …`);
  const originals: Buffer[] = [];
  for (let i = 0; i < photos; i++) originals.push(await phonePhotoOf(i + 1));
  const host = await startHost(originals);
  const shop = await startSplitShop({
    IMAGE_HOST_URL: `${host.url}/upload`,
    API_GUEST_LIMIT_PER_MINUTE: '1000000',
    API_LIMIT_PER_MINUTE: '1000000',
  });
  const figures: Figure[] = [];
  const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref') =>
    figures.push({ bench: 'images', figure, goal, value, verdict });
  try {
    const admin = new Browser(shop.bffUrl);
    if ((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status !== 200) throw new Error('the demo admin could not log in');
    const pageOf = async (n: number) => (await admin.ok<{ products: Product[] }>(`/api/products?pageNum=${n}`)).body.products;
    const [processed, reference] = [(await pageOf(1)).slice(0, photos), (await pageOf(2)).slice(0, photos)];
    if (processed.length < photos || reference.length < photos) throw new Error(`the demo shop has fewer than ${photos} products a page`);
    const headers = { cookie: admin.cookie(), origin: shop.bffUrl, 'x-csrf': '1', accept: 'application/json' };
    const removeOld = async (product: Product, hosted = false) => {
      for (const image of product.images)
        await admin.ok(`/api/products/admin/image/${encodeURIComponent(image.path)}/${product._id}${hosted ? '?cloudinary=true' : ''}`, {
          method: 'DELETE',
        });
    };

    // Before: the list's p99 with the API idle, and the API's memory.
    const listUrl = `${shop.bffUrl}/api/products?pageNum=1`;
    const idleRss = shop.api.rss().totalMb;
    let loop = loadLoop(listUrl);
    await new Promise((r) => setTimeout(r, 5_000));
    const before = percentile(await loop.stop(), 99);

    // The uploads, one after another as an admin adds them, with the list under load meanwhile.
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, shop.api.rss().totalMb)), 50);
    loop = loadLoop(listUrl);
    const perPhoto: number[] = [];
    const stored: Image[] = [];
    for (const [i, product] of processed.entries()) {
      const form = new FormData();
      form.append('images', new Blob([new Uint8Array(originals[i]!)], { type: 'image/jpeg' }), `IMG_${1000 + i}.jpg`);
      const t = performance.now();
      const res = await fetch(`${shop.bffUrl}/api/products/admin/upload?productId=${product._id}`, { method: 'POST', headers, body: form });
      if (res.status !== 201) throw new Error(`upload ${i} answered ${res.status}: ${await res.text()}`);
      perPhoto.push(performance.now() - t);
      stored.push(((await res.json()) as { images: Image[] }).images.at(-1)!);
    }
    const during = percentile(await loop.stop(), 99);
    clearInterval(sampler);
    const originalMb = median(originals.map((o) => o.length)) / 2 ** 20;
    f(
      `upload of a ${originalMb.toFixed(1)} MB 4000×3000 photo, median of ${photos}`,
      '(ref: none)',
      `${(median(perPhoto) / 1000).toFixed(2)} s`,
    );
    f('upload, slowest', '', `${(Math.max(...perPhoto) / 1000).toFixed(2)} s`);
    f(
      "the API's peak RSS during the uploads",
      `≤ idle + 400 MB (idle ${idleRss.toFixed(0)} MB)`,
      `${peakRss.toFixed(0)} MB`,
      atMost(peakRss, idleRss + 400),
    );
    f(
      'product list p99 during the uploads',
      `≤ 2× before (${before.toFixed(1)} ms)`,
      `${during.toFixed(1)} ms`,
      atMost(during, 2 * before),
    );

    // Each product shows its photo only: the processed on page 1, the original (hosted) on page 2.
    for (const product of processed) await removeOld(product);
    for (const [i, product] of reference.entries()) {
      await removeOld(product);
      await admin.ok(`/api/products/admin/upload?cloudinary=true&productId=${product._id}`, {
        method: 'POST',
        body: [{ secure_url: `${host.url}/raw/${i}.jpg` }],
      });
    }

    // A phone, until load.
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
    try {
      const visit = async (path: string) => {
        const context = await browser.newContext(phone);
        try {
          return await imageBytes(await context.newPage(), shop.bffUrl + path);
        } finally {
          await context.close();
        }
      };
      const [list, listRef] = [await visit('/product-list'), await visit('/product-list/2')];
      f(
        'phone: list page image bytes (photos on every product)',
        `≤ 300 KB (main, as uploaded: ${kb(listRef.total)})`,
        kb(list.total),
        atMost(list.total, 300 * KB),
      );
      const [details, detailsRef] = [
        await visit(`/product-details/${processed[0]!._id}`),
        await visit(`/product-details/${reference[0]!._id}`),
      ];
      f(
        'phone: product page image bytes',
        `≤ 500 KB (main, as uploaded: ${kb(detailsRef.total)})`,
        kb(details.total),
        atMost(details.total, 500 * KB),
      );

      // The cart with three lines, as a shopper fills it; then opened in a fresh browser with
      // that storage: Chromium takes a larger picture it already holds for a thumbnail, which
      // would measure the product page's again instead of the thumbnail's.
      const cart = async (products: Product[]) => {
        const filling = await browser.newContext(phone);
        const page = await filling.newPage();
        for (const product of products.slice(0, 3)) {
          await page.goto(`${shop.bffUrl}/product-details/${product._id}`);
          await page.getByRole('button', { name: 'Add to cart' }).click();
          await page.getByText('Go to cart').waitFor();
        }
        const storageState = await filling.storageState();
        await filling.close();
        const context = await browser.newContext({ ...phone, storageState });
        try {
          return await imageBytes(await context.newPage(), `${shop.bffUrl}/cart`, true);
        } finally {
          await context.close();
        }
      };
      const [thumbs, thumbsRef] = [await cart(processed), await cart(reference)];
      if (thumbs.each.length === 0 || thumbsRef.each.length === 0) throw new Error('the cart showed no pictures');
      const largest = Math.max(...thumbs.each);
      f(
        `phone: cart thumbnail, largest of ${thumbs.each.length} (${thumbs.each.map(kb).join(', ')})`,
        `≤ 15 KB (main, as uploaded: ${kb(Math.max(...thumbsRef.each))})`,
        kb(largest),
        atMost(largest, 15 * KB),
      );
    } finally {
      await browser.close();
    }

    // Lighthouse mobile on both versions of the list and a product page.
    const lighthouse = async (path: string) => {
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await retried(() => audit(shop.bffUrl + path)));
      return { performance: median(samples.map((s) => s.performance)), lcp: median(samples.map((s) => s.lcp)) };
    };
    for (const [name, path, refPath] of runs === 0
      ? []
      : ([
          ['list', '/product-list', '/product-list/2'],
          ['product page', `/product-details/${processed[0]!._id}`, `/product-details/${reference[0]!._id}`],
        ] as const)) {
      const [now, ref] = [await lighthouse(path), await lighthouse(refPath)];
      f(
        `Lighthouse ${name}: performance, median of ${runs}`,
        `≥ main, as uploaded (${ref.performance})`,
        String(now.performance),
        atLeast(now.performance, ref.performance),
      );
      f(
        `Lighthouse ${name}: LCP`,
        `≤ 2.5 s (main, as uploaded: ${(ref.lcp / 1000).toFixed(2)} s)`,
        `${(now.lcp / 1000).toFixed(2)} s`,
        atMost(now.lcp, 2500),
      );
    }

    // What each width and format weighs, for the first photo.
    const first = stored[0]!;
    const size = async (path: string) => (await (await fetch(shop.bffUrl + path)).arrayBuffer()).byteLength;
    f(`bytes: the original (${first.width ? '4000×3000' : 'as uploaded'})`, '', kb(originals[0]!.length));
    f(`bytes: ${first.path.split('.').pop()} at ${first.width} px (the spec's path)`, '', kb(await size(first.path)));
    for (const width of variantWidths(first.width ?? 1600))
      f(
        `bytes: ${width} px`,
        '',
        (
          await Promise.all(VARIANT_FORMATS.map(async (format) => `${format} ${kb(await size(variantPath(first.path, width, format)))}`))
        ).join(', '),
      );
    return figures;
  } finally {
    await shop.stop();
    await host.stop();
  }
};

if (isEntry(import.meta.url))
  printFigures(await imagesBench({ photos: Number(process.argv[2] ?? 10), runs: Number(process.argv[3] ?? 3) }));
