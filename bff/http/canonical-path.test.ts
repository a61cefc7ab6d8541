import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from './api-routes.ts';
import { canonicalPath, checkPath } from './canonical-path.ts';

/** The spec's own calls (section 7), spelled as its client spells them, and the pages and files the BFF serves. */
const ACCEPTED: Array<[string, string]> = [
  ['GET', '/'],
  ['GET', '/product-list/search/AC%2FDC'],
  ['GET', '/product-list/category/Computers,Laptops/2'],
  ['GET', '/Cart'],
  ['GET', '/assets/app-abc123.js'],
  ['GET', '/healthz'],
  ['GET', '/widgets/chat.js'],
  ['GET', '/images/guarded%20laptop.png'],
  ['GET', '/socket.io/?EIO=4&transport=polling&t=abc'],
  ['GET', '/wallet-simulator/v2/checkout/orders/SIM-ABC123'],
  ['GET', '/api/products/?pageNum=1&price=&rating=5,&category=Monitors,&attrs=resolution-4K,&sort=price_1'],
  ['GET', '/api/products/?pageNum=null'],
  ['GET', '/api/products/search/AC%2FDC/?pageNum=1'],
  ['GET', '/api/products/search/back%5Cslash/'],
  ['GET', '/api/products/category/Computers,Laptops/search/dell/?pageNum=1'],
  ['GET', '/api/products/category/Computers%2FLaptops/'],
  ['DELETE', '/api/categories/Computers%2FLaptops'],
  ['DELETE', '/api/categories/ATTR'],
  ['DELETE', '/api/products/admin/image/%2Fimages%2Fguarded.png/0b7a4d5e-0000-4000-8000-000000000000?cloudinary=true'],
  ['POST', '/api/products/admin/upload?cloudinary=true&productId=abc'],
  ['POST', '/api/users/login'],
  ['POST', '/api/users/login/'],
  ['GET', '/api/get-token'],
  ['HEAD', '/api/products/bestsellers'],
  ['GET', '/api/orders/analysis/2024-11-29'],
  ['POST', '/api/orders/3f0c/wallet-order'],
  // Not in the table (the API answers 404, or a route added later): plain spellings pass.
  ['GET', '/api/no-such-thing/Mixed-Case'],
];

const REFUSED: Array<[string, string, string]> = [
  ['POST', '/api//users/login', 'empty segment'],
  ['POST', '//api/users/login', 'empty segment'],
  ['POST', '/api/users/login//', 'empty segment'],
  ['POST', '/api/./users/login', '. or ..'],
  ['POST', '/api/x/../users/login', '. or ..'],
  ['POST', '/api/x/%2E%2e/users/login', '. or ..'],
  ['POST', '/api/users%2Flogin', 'encoded /'],
  ['POST', '/api/users%2flogin', 'encoded /'],
  ['POST', '/api/users%5Clogin', 'encoded /'],
  ['POST', '/api/users\\login', 'percent-encoded'],
  ['POST', '/api\\users\\login', 'percent-encoded'],
  ['POST', '/api/users/login#x', 'percent-encoded'],
  ['POST', '/api/users/login;x', ';parameter'],
  ['GET', '/api;x/get-token', 'not spelled'],
  ['POST', '/api%2Fusers/login', 'not spelled'],
  ['POST', '/API/users/login', 'not spelled'],
  ['POST', '/api/Users/Login', 'not spelled'],
  ['POST', '/api/users/%6Cogin', 'not spelled'],
  ['GET', '/api/GET-TOKEN', 'not spelled'],
  ['PUT', '/api/users/Profile', 'not spelled'],
  ['GET', '/Socket.IO/?EIO=4', 'not spelled'],
  ['GET', '/api/orders%2Fadmin', 'encoded /'],
  ['DELETE', '/api/products/admin/image%2F%2Fimages%2Fx.png/abc', 'encoded /'],
  ['GET', '/images/..%2Fsession-secret', 'encoded /'],
  ['POST', 'http://127.0.0.1/api/users/login', 'full address'],
  ['OPTIONS', '*', 'full address'],
];

describe('checkPath', () => {
  it.each(ACCEPTED)('when %s %s arrives, then it passes with its encoding intact', (method, target) => {
    expect(checkPath(method, target)).toEqual({ ok: true });
  });

  it.each(REFUSED)('when %s %s arrives, then it is refused (%s)', (method, target, reason) => {
    const verdict = checkPath(method, target);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok || verdict.message).toContain(reason);
  });

  it('when a parameter value is a dot segment, then the refusal names that parameter', () => {
    expect(checkPath('GET', '/api/products/search/../')).toMatchObject({ ok: false, field: 'searchQuery' });
    expect(checkPath('DELETE', '/api/categories/%2e')).toMatchObject({ ok: false, field: 'name' });
    expect(checkPath('POST', '/api/users/../login')).toMatchObject({ ok: false, field: 'path' });
  });

  it('when every route of the table is called with plain values, then each passes as itself', () => {
    const refusedRoutes = API_ROUTES.filter((route) => {
      const [method = '', template = ''] = route.split(' ');
      return !checkPath(method, `/api/${template.replace(/:\w+/g, 'Value%2FWith-Slash')}`).ok;
    });
    expect(refusedRoutes).toEqual([]);
  });
});

describe('canonicalPath middleware', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(canonicalPath);
    app.use((_req, res) => void res.json({ reached: true }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Raw node:http, so nothing on the way folds or resolves the path. */
  const send = (path: string, method = 'POST') =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      req.on('error', reject);
      req.end();
    });

  it('when a path has an empty segment, then the answer is 400 naming the path, and nothing behind it runs', async () => {
    expect(await send('/api//users/login')).toEqual({
      status: 400,
      body: { message: 'The path has an empty segment (//).', field: 'path' },
    });
  });

  it('when a path is the canonical one, then the request goes on', async () => {
    expect(await send('/api/users/login')).toEqual({ status: 200, body: { reached: true } });
  });

  it('when one path is asked again, by another method or with another query, then each gets its own verdict every time', async () => {
    // The verdicts are kept per method and path: POST /api/users/LOGIN is a case spelling of the
    // login route, GET /api/users/LOGIN a user id.
    for (let round = 0; round < 2; round++) {
      expect((await send('/api/users/LOGIN', 'POST')).status).toBe(400);
      expect((await send('/api/users/LOGIN?next=1', 'GET')).status).toBe(200);
      expect((await send('/api/users/LOGIN?next=2', 'POST')).status).toBe(400);
      expect((await send('/api//users/login?x', 'GET')).status).toBe(400);
    }
  });
});
