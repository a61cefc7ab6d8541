import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { helmetFor, type SecurityOptions, securityHeaders } from './security-headers.ts';

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** The headers an app with only `middleware` answers with, but the ones every answer varies in. */
const headersOf = async (middleware: RequestHandler): Promise<Record<string, string | string[] | undefined>> => {
  const app = express();
  app.use(middleware);
  app.use((_req, res) => void res.json({ ok: true }));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/products/`);
  await res.arrayBuffer();
  const headers = Object.fromEntries(res.headers);
  delete headers.date;
  return headers;
};

describe('securityHeaders', () => {
  const cases: Array<[string, SecurityOptions]> = [
    ['development over http', { production: false, tls: false }],
    ['production over TLS with an image host', { production: true, tls: true, imageHostUrl: 'https://images.example.com/shop' }],
  ];
  it.each(cases)('when the shop runs in %s, then every answer carries exactly the headers helmet itself sets', async (_name, options) => {
    const ours = await headersOf(securityHeaders(options));
    expect(ours).toEqual(await headersOf(helmetFor(options)));
    expect(ours['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(ours['x-powered-by']).toBeUndefined();
    expect('strict-transport-security' in ours).toBe(options.production);
  });
});
