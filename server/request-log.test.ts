import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.ts';
import { errorHandler } from '../api/http/errors.ts';
import { apiRequestLog } from './request-log.ts';

describe('the API’s request logger (production)', () => {
  const lines: Array<Record<string, unknown>> = [];
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const logger = createLogger('info', 'api', {
      destination: { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) },
    });
    const app = express();
    app.use(apiRequestLog(logger, { production: true }));
    app.get('/api/boom', () => {
      throw new Error('the database fell over');
    });
    app.use(errorHandler(logger));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when a request fails unexpectedly, then the error line carries the request id the caller was shown, once', async () => {
    const res = await fetch(`${url}/api/boom`, { headers: { 'x-request-id': 'lb-boom-1' } });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { requestId: string }).requestId).toBe('lb-boom-1');
    await vi.waitFor(() =>
      expect(lines.filter((l) => l.requestId === 'lb-boom-1').map((l) => l.msg)).toEqual(['unhandled error', 'request']),
    );
    const failure = lines.find((l) => l.msg === 'unhandled error')!;
    expect((failure.err as { message: string }).message).toBe('the database fell over');
  });

  it('when a health probe asks, then no line is written at the default level', async () => {
    lines.length = 0;
    await (await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'probe-1' } })).text();
    await (await fetch(`${url}/api/after-probe`)).text();
    await vi.waitFor(() => expect(lines.some((l) => l.path === '/api/after-probe')).toBe(true));
    expect(lines.filter((l) => l.requestId === 'probe-1')).toEqual([]);
  });
});
