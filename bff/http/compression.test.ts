import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';

/** Raw bytes and headers, as a browser's network layer sees them (fetch would decompress). */
type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
const raw = (url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = () => "the shop's script line ${i}";`).join('\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4000, 7)]);

let api: TestApi;
let bff: TestBff;

beforeAll(async () => {
  api = await startTestApi();
  for (let i = 0; i < 12; i++) {
    await addProduct(api.db, {
      name: `Product ${i}`,
      category: 'Things',
      description: `A long enough description of product ${i}. `.repeat(5),
      age: i,
    });
  }
  bff = await startTestBff({ apiUrl: api.url });
  await writeFile(path.join(bff.clientDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(bff.clientDir, 'assets', 'photo-abc123.png'), PNG);
  await writeFile(path.join(bff.widgetsDir, 'chat-widget.js'), SCRIPT);
  await precompressDir(bff.clientDir);
  await precompressDir(bff.widgetsDir);
});

afterAll(async () => {
  await bff?.stop();
  await api?.stop();
});

const asset = (headers: Record<string, string> = {}, method = 'GET') => raw(`${bff.url}/assets/index-abc123.js`, headers, method);

describe('built files, compressed at build time', () => {
  it('when a browser accepts brotli, then a script comes as brotli bytes that decompress to the file, typed as JavaScript, with Vary', async () => {
    const plain = await asset();
    const res = await asset({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('when a browser accepts only gzip (or prefers it), then the gzip bytes come', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0.5, gzip', 'br;q=0, *']) {
      const res = await asset({ 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(res.body).toString(), accept).toBe(SCRIPT);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
    }
  });

  it('when a browser accepts no compression, then the file itself comes, still with Vary so caches keep the two apart', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const res = await asset(headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(SCRIPT);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("when HEAD is asked, then the headers are the compressed answer's and no body comes", async () => {
    const get = await asset({ 'accept-encoding': 'br' });
    const head = await asset({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('when a range is asked, then it is a range of the bytes of the chosen encoding, and each encoding has its own ETag', async () => {
    const whole = await asset({ 'accept-encoding': 'br' });
    const part = await asset({ 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body).toEqual(whole.body.subarray(0, 10));
    const plain = await asset({ range: 'bytes=0-9' });
    expect(plain.status).toBe(206);
    expect(plain.body.toString()).toBe(SCRIPT.slice(0, 10));
    expect(plain.headers.etag).not.toBe(whole.headers.etag);
  });

  it('when an image or a tiny file is asked, then it comes as it is: no compressed copy was made', async () => {
    const png = await raw(`${bff.url}/assets/photo-abc123.png`, { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body).toEqual(PNG);
    const tiny = await raw(`${bff.url}/assets/app-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(await readFile(path.join(bff.clientDir, 'assets', 'app-abc123.js'), 'utf8'));
  });

  it('when a partner page loads the chat widget, then it comes compressed too, varying by Origin and Accept-Encoding', async () => {
    const res = await raw(`${bff.url}/widgets/chat-widget.js`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.headers.vary).toMatch(/origin/i);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when a path climbs out of the folder with a compressed name, then nothing outside is served', async () => {
    const res = await raw(`${bff.url}/assets/..%2F..%2Fwidgets%2Fchat-widget.js`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).not.toContain('value399');
  });
});

describe('API answers through the BFF', () => {
  it('when a list answer is larger than a kilobyte, then it comes compressed in the encoding the browser prefers, and means the same JSON', async () => {
    const plain = await raw(`${bff.url}/api/products?pageNum=1`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await raw(`${bff.url}/api/products?pageNum=1`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await raw(`${bff.url}/api/products?pageNum=1`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('when an answer is small, then it comes uncompressed, whatever the browser accepts', async () => {
    const res = await raw(`${bff.url}/api/products/category/Nowhere/`, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ products: [], paginationLinksNumber: 0, pageNum: 1 });
  });

  it("when a large answer is asked with HEAD, then its headers are the compressed answer's", async () => {
    const res = await raw(`${bff.url}/api/products?pageNum=1`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('when the API document page is opened through the shop, then the page, its renderer and the document come, the large ones compressed', async () => {
    const page = await raw(`${bff.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.toString().matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    const renderer = await raw(`${bff.url}${scripts[0]}`);
    expect([renderer.status, renderer.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(renderer.body.toString()).toContain('SwaggerUIBundle');
    const styles = await raw(`${bff.url}/api/docs/swagger-ui.css`, { 'accept-encoding': 'gzip, br' });
    expect([styles.headers['content-type'], styles.headers['content-encoding']]).toEqual(['text/css; charset=utf-8', 'br']);
    expect(brotliDecompressSync(styles.body).toString()).toContain('.swagger-ui');
    expect((await raw(`${bff.url}${scripts[1]}`)).body.toString()).toContain("url: '/api/openapi.json'");
    const document = await raw(`${bff.url}/api/openapi.json`, { 'accept-encoding': 'br' });
    expect(document.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(document.body).toString())).toMatchObject({ openapi: '3.1.0' });
  });
});
