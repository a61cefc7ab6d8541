import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';

// The shop's index.html as Vite builds it: an empty #root the server fills.
const INDEX =
  '<!doctype html><html lang="en"><head><title>Statefront test client</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const EVIL = '</script><script>alert(1)</script>';

let api: TestApi;
let dir: string;
let serverDir: string;
let lampId: string;
let evilId: string;
const bffs: TestBff[] = [];

const startBff = async (options: { serverDir?: string; kiosk?: boolean } = {}) => {
  const bff = await startTestBff({ apiUrl: api.url, serverDir: options.serverDir, config: { KIOSK: options.kiosk ?? false } });
  await writeFile(path.join(bff.clientDir, 'index.html'), INDEX);
  bffs.push(bff);
  return bff;
};

const page = async (bff: TestBff, pathname: string) => {
  const res = await fetch(bff.url + pathname);
  expect(res.status).toBe(200);
  return res.text();
};
// React separates neighbouring texts with empty comments; a reader does not see them.
const rootOf = (html: string) => (/<div id="root">([\s\S]*)<\/div><script id="shop-data"/.exec(html)?.[1] ?? '').replaceAll('<!-- -->', '');
const shopData = (html: string): Record<string, unknown> => {
  const text = /<script id="shop-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'statefront-ssr-test-'));
  serverDir = path.join(dir, 'server');
  // The real bundle, as `npm run build` makes it, into a folder of this test's own.
  await build({ configFile: path.resolve('vite.ssr.config.ts'), logLevel: 'silent', build: { outDir: serverDir } });
  api = await startTestApi();
  lampId = await addProduct(api.db, {
    name: 'Brass desk lamp',
    category: 'Lighting',
    priceCents: 4999,
    sales: 50,
    images: [{ path: '/images/lamp.jpg' }],
  });
  // A long list: its boundary is past the size at which React would stream it out of line.
  for (let i = 0; i < 12; i++) {
    await addProduct(api.db, {
      name: `Rug ${i}`,
      category: 'Rugs',
      description: `A hand-woven wool rug, number ${i}. `.repeat(12),
      images: [{ path: `/images/rug-${i}.jpg` }],
    });
  }
  evilId = await addProduct(api.db, {
    name: `Mug ${EVIL}`,
    category: 'Kitchen',
    priceCents: 1250,
    sales: 40,
    images: [{ path: '/images/mug.jpg' }],
  });
}, 120_000);

afterAll(async () => {
  for (const bff of bffs) await bff.stop();
  await api?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('first paint from HTML', () => {
  it('when a shopper opens home, then the bestsellers are in #root, their answers in #shop-data, and the first slide image is fetched first', async () => {
    const html = await page(await startBff({ serverDir }), '/');
    const root = rootOf(html);
    expect(root).toContain('alt="Brass desk lamp"');
    expect(root).toContain('Bestseller in Lighting Category');
    expect(root).toMatch(/<img[^>]*src="\/images\/lamp.jpg"[^>]*fetchPriority="high"/i);
    expect(root).not.toMatch(/<img[^>]*src="\/images\/lamp.jpg"[^>]*loading="lazy"/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/images/lamp.jpg" fetchpriority="high">');
    const data = shopData(html);
    expect((data['/api/products/bestsellers'] as { name: string }[]).map((p) => p.name)).toContain('Brass desk lamp');
    expect((data['/api/categories'] as { name: string }[]).map((c) => c.name)).toEqual(expect.arrayContaining(['Lighting', 'Kitchen']));
    // The whole page in one piece: no inline script of React's (outlined boundaries), which the CSP would block.
    expect(html.match(/<script[^>]*>/g)).toHaveLength(3);
  });

  it('when a shopper opens a list route, then its products with their prices are in #root, the first card image not lazy', async () => {
    const html = await page(await startBff({ serverDir }), '/product-list/category/Lighting');
    const root = rootOf(html);
    expect(root).toContain('Brass desk lamp');
    expect(root).toContain('$49.99');
    expect(root).not.toContain('Mug');
    expect(html.match(/<script[^>]*>/g)).toHaveLength(3);
    expect(root).toMatch(/<img[^>]*src="\/images\/lamp.jpg"[^>]*fetchPriority="high"/i);
    expect(Object.keys(shopData(html))).toEqual([
      '/api/products/category/Lighting/?pageNum=1&price=&rating=&category=&attrs=&sort=',
      '/api/categories',
    ]);
  });

  it('when a list is long, then it still comes whole in the HTML, with no inline script the CSP would block', async () => {
    const html = await page(await startBff({ serverDir }), '/product-list/category/Rugs');
    expect(rootOf(html).match(/<h2[^>]*>Rug \d+<\/h2>/g)).toHaveLength(10);
    expect(html).not.toContain('hidden id="S:');
    expect(html.match(/<script[^>]*>/g)).toHaveLength(3);
  });

  it('when a shopper opens product details, then name, price and main image are in #root and the product in #shop-data', async () => {
    const html = await page(await startBff({ serverDir }), `/product-details/${lampId}`);
    const root = rootOf(html);
    expect(root).toMatch(/<h1[^>]*>Brass desk lamp<\/h1>/);
    expect(root).toContain('$49.99');
    expect(root).toMatch(/<img[^>]*src="\/images\/lamp.jpg"[^>]*fetchPriority="high"/i);
    expect((shopData(html)[`/api/products/get-one/${lampId}`] as { name: string }).name).toBe('Brass desk lamp');
  });

  it('when a page arrives, then its styles are one <style> in the head that emotion in the browser adopts, and none sit inside #root', async () => {
    const bff = await startBff({ serverDir });
    for (const pathname of ['/', '/product-list', `/product-details/${lampId}`]) {
      const html = await page(bff, pathname);
      const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
      const styles = [...head.matchAll(/<style data-emotion="css ([^"]+)" data-s="">([\s\S]*?)<\/style>/g)];
      expect(styles, pathname).toHaveLength(1);
      const [, names = '', rules = ''] = styles[0] ?? [];
      // Every class the markup uses is defined in that block, under a name the block announces
      // (css-0 is emotion's name for an empty style: nothing to define).
      const used = new Set(
        [...rootOf(html).matchAll(/class="([^"]+)"/g)]
          .flatMap((m) => (m[1] ?? '').split(' '))
          .filter((c) => c.startsWith('css-') && c !== 'css-0'),
      );
      expect(used.size, pathname).toBeGreaterThan(5);
      for (const cls of used) {
        expect(names.split(' '), `${pathname} ${cls}`).toContain(cls.slice('css-'.length));
        expect(rules, `${pathname} ${cls}`).toContain(`.${cls}`);
      }
      expect(rootOf(html), pathname).not.toContain('<style');
    }
  });

  it("when a page arrives, then the global rules have the element of their own that the browser's <Global> adopts instead of inserting them again", async () => {
    const bff = await startBff({ serverDir });
    for (const pathname of ['/', '/product-list', `/product-details/${lampId}`]) {
      const head = /<head>([\s\S]*)<\/head>/.exec(await page(bff, pathname))?.[1] ?? '';
      // emotion's <Global> looks for style[data-emotion="css-global <name>"] (hydration moves it into its own sheet).
      const globals = [...head.matchAll(/<style data-emotion="css-global ([\w-]+)" data-s="">([\s\S]*?)<\/style>/g)];
      expect(globals, pathname).toHaveLength(1);
      const [, name = '', rules = ''] = globals[0] ?? [];
      expect(rules, pathname).toContain('box-sizing:border-box');
      // Only there: the class rules' element does not announce or repeat it.
      const classes = /<style data-emotion="css ([^"]+)" data-s="">([\s\S]*?)<\/style>/.exec(head);
      expect(classes?.[1]?.split(' '), pathname).not.toContain(name);
      expect(classes?.[2], pathname).not.toContain('box-sizing:border-box');
    }
  });

  it('when a product is named with a closing script tag, then it shows as text and its data cannot leave the JSON block', async () => {
    const html = await page(await startBff({ serverDir }), `/product-details/${evilId}`);
    expect(html).not.toContain('<script>alert(1)');
    // Only the page's own scripts: the data block, the settings block and the module (no inline script of React's either).
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script id="shop-settings" type="application/json">',
      '<script id="shop-data" type="application/json">',
      '<script type="module" src="/assets/index-abc123.js">',
    ]);
    expect(rootOf(html)).toContain('Mug &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect((shopData(html)[`/api/products/get-one/${evilId}`] as { name: string }).name).toBe(`Mug ${EVIL}`);
  });

  it.each(['/cart', '/login', '/admin/orders', '/no/such/page'])(
    'when a shopper opens %s, then it answers the plain index.html',
    async (pathname) => {
      const html = await page(await startBff({ serverDir }), pathname);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('shop-data');
    },
  );

  it('when no server bundle is built, then every page still answers the plain index.html, and the log says why', async () => {
    const bff = await startBff();
    const html = await page(bff, '/');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js">');
    expect(bff.logs.some((line) => line.includes('no server-render bundle'))).toBe(true);
  });

  it('when the render throws, then the shopper gets the plain page and the error is logged', async () => {
    await writeFile(
      path.join(dir, 'entry-server.js'),
      "export const dataUrlsOf = () => []; export const render = async () => { throw new Error('render broke'); };",
    );
    const bff = await startBff({ serverDir: dir });
    const html = await page(bff, '/product-list');
    expect(html).toContain('<div id="root"></div>');
    expect(bff.logs.some((line) => line.includes('server render failed') && line.includes('render broke'))).toBe(true);
  });

  it.each(['/', '/login', '/product-list'])(
    'when the shop runs as a kiosk (KIOSK=1), then %s arrives with the attract screen and its bestsellers, never the shop page',
    async (pathname) => {
      const html = await page(await startBff({ serverDir, kiosk: true }), pathname);
      const root = rootOf(html);
      expect(root).toContain('Touch to start');
      expect(root).toContain('href="#kiosk-start"');
      // Accessibility can be asked for before the scripts run: a link they pick up.
      expect(root).toMatch(/<a href="#kiosk-access" role="button"[^>]*>.*Accessibility<\/a>/);
      expect(root).toContain('Brass desk lamp');
      expect(root).not.toContain('Categories');
      expect(Object.keys(shopData(html))).toEqual(['/api/products/bestsellers']);
    },
  );

  it('when a plain shop is opened at /kiosk, then the page arrives with the attract screen', async () => {
    const root = rootOf(await page(await startBff({ serverDir }), '/kiosk'));
    expect(root).toContain('Touch to start');
  });
});
