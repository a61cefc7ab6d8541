/**
 * bench/bff-floor.ts's servers: one answer (FLOOR_HEADERS headers of 40 characters, a 650-byte
 * body, about what a cached catalogue answer of the BFF carries) from a bare node:http server or
 * from an Express 5 app with FLOOR_LAYERS pass-through middlewares before the answer, and with
 * FLOOR_LIMIT=1 express-rate-limit in front as the BFF configures it for /api. Prints its URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { rateLimit } from 'express-rate-limit';

const headers: [string, string][] = Array.from({ length: Number(process.env.FLOOR_HEADERS ?? 27) }, (_, i) => [
  `x-floor-${i}`,
  'v'.repeat(40),
]);
const body = Buffer.alloc(650, 'x');
const answer = (res: http.ServerResponse) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.end(body);
};

const handler = (): http.RequestListener => {
  if (process.env.FLOOR_MODE === 'bare') return (_req, res) => answer(res);
  const app = express();
  for (let i = 1; i < Number(process.env.FLOOR_LAYERS ?? 1); i++) app.use(i % 2 ? '/api' : '/', (_req, _res, next) => next());
  if (process.env.FLOOR_LIMIT === '1')
    app.use(
      rateLimit({
        windowMs: 60_000,
        limit: 1e9,
        standardHeaders: false,
        legacyHeaders: false,
        keyGenerator: (req) => `ip:${req.socket.remoteAddress}`,
      }),
    );
  app.use((_req, res) => answer(res));
  return app;
};

const server = http.createServer(handler());
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
