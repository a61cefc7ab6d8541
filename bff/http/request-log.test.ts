import { mkdir, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, postJson, startTestBff } from '../testing/bff-harness.ts';

/** What a terminal (development) or a log collector (production) receives, line by line. */
const sink = () => {
  const lines: string[] = [];
  return {
    lines,
    write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)),
  };
};

describe('logs in development, as `npm start` prints them', () => {
  const out = sink();
  let api: TestApi;
  let bff: TestBff;
  let firstPage: string[] = [];

  beforeAll(async () => {
    // One terminal for both parts, as npm start has.
    const logger = createLogger('info', 'statefront', {
      readable: true,
      destination: out,
    });
    api = await startTestApi({
      logger: logger.child({ part: 'api' }),
      config: { NODE_ENV: 'development', LOG_LEVEL: 'info' },
    });
    bff = await startTestBff({
      apiUrl: api.url,
      config: { NODE_ENV: 'development' },
      logger: logger.child({ part: 'bff' }),
    });
    await mkdir(path.join(api.config.DATA_DIR, 'images'), { recursive: true });
    await writeFile(path.join(api.config.DATA_DIR, 'images', 'walk.png'), 'not really a png');
    // A test BFF has no server-render bundle: its first page warns once about it.
    await (await fetch(bff.url)).text();
    firstPage = [...out.lines];
  });

  afterAll(async () => {
    await bff?.stop();
    await api?.stop();
  });

  it('when something is worth a warning (no server-render bundle), then it is one line that names the part and says the message, with no stack', () => {
    expect(firstPage).toEqual([
      expect.stringMatching(
        /^WARN \[bff\] no server-render bundle: pages are rendered in the browser only \(run `npm run build`\) \(bundleFile=\S+\)$/,
      ),
    ]);
  });

  it('when a shopper walks through a page, a script, an image, the chat poll and two API calls, then exactly two short lines say the API calls, without the query values', async () => {
    out.lines.length = 0;
    // Lines are written when the answer closes: count the walk's answers closed at the BFF before counting lines.
    let closed = 0;
    const countClosed = (_req: http.IncomingMessage, res: http.ServerResponse) => void res.once('close', () => (closed += 1));
    bff.server.on('request', countClosed);
    const walk = [
      '/',
      '/assets/app-abc123.js',
      '/images/walk.png',
      '/widgets/chat.js',
      '/socket.io/?EIO=4&transport=polling',
      '/api/products?keyword=hunter2&pageNumber=1',
      '/api/categories',
    ];
    try {
      for (const step of walk) await (await fetch(bff.url + step)).text();
      await vi.waitFor(() => expect(closed).toBe(walk.length));
    } finally {
      bff.server.off('request', countClosed);
    }

    expect(out.lines, out.lines.join('\n')).toHaveLength(2);
    expect(out.lines[0]).toMatch(/^GET \/api\/products\?… 200 \d+ ms$/);
    expect(out.lines[1]).toMatch(/^GET \/api\/categories 200 \d+ ms$/);
    expect(out.lines.join('\n')).not.toContain('hunter2');
  });

  it('when the API is called without the BFF (it runs alone), then it prints the one line itself', async () => {
    out.lines.length = 0;
    await (await fetch(`${api.url}/api/categories`)).text();
    await vi.waitFor(() => expect(out.lines).toEqual([expect.stringMatching(/^GET \/api\/categories 200 \d+ ms$/)]));
  });

  it('when a login goes through the BFF, then one line says it, without the password or the token', async () => {
    const { user } = await api.register({ password: 'correct-horse-battery' });
    out.lines.length = 0;
    const res = await postJson(`${bff.url}/api/users/login`, {
      email: user.email,
      password: 'correct-horse-battery',
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(out.lines).toEqual([expect.stringMatching(/^POST \/api\/users\/login 200 \d+ ms$/)]));
  });
});

describe('logs in production, as a log collector reads them', () => {
  const bffOut = sink();
  const apiOut = sink();
  let api: TestApi;
  let bff: TestBff;
  const records = (out: { lines: string[] }) => out.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = (out: { lines: string[] }, requestId: string) =>
    records(out).filter((r) => r.msg === 'request' && r.requestId === requestId);

  beforeAll(async () => {
    api = await startTestApi({
      logger: createLogger('info', 'api', { destination: apiOut }),
      config: { NODE_ENV: 'production', LOG_LEVEL: 'info' },
    });
    bff = await startTestBff({
      apiUrl: api.url,
      config: { NODE_ENV: 'production' },
      logger: createLogger('info', 'bff', { destination: bffOut }),
    });
  });

  afterAll(async () => {
    await bff?.stop();
    await api?.stop();
  });

  it('when the balancer sends X-Request-Id with a proxied call, then the BFF and the API log JSON lines with that same requestId', async () => {
    const res = await fetch(`${bff.url}/api/products?keyword=hunter2`, {
      headers: { 'x-request-id': 'lb-list-1' },
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => {
      expect(requestLines(bffOut, 'lb-list-1')).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: '/api/products',
          status: 200,
        }),
      ]);
      expect(requestLines(apiOut, 'lb-list-1')).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: '/api/products',
          status: 200,
        }),
      ]);
    });
    expect([...bffOut.lines, ...apiOut.lines].join('\n')).not.toContain('hunter2');
  });

  it('when a login (a BFF route that calls the API) carries X-Request-Id, then the API’s line carries it too, and no secret is logged', async () => {
    const { user } = await api.register({ password: 'correct-horse-battery' });
    const res = await postJson(
      `${bff.url}/api/users/login`,
      { email: user.email, password: 'correct-horse-battery' },
      { 'x-request-id': 'lb-login-1' },
    );
    expect(res.status).toBe(200);
    await vi.waitFor(() => {
      expect(requestLines(bffOut, 'lb-login-1')).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/users/login',
          status: 200,
        }),
      ]);
      expect(requestLines(apiOut, 'lb-login-1')).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/users/login',
          status: 200,
        }),
      ]);
    });
    const all = [...bffOut.lines, ...apiOut.lines].join('\n');
    expect(all).not.toContain('correct-horse-battery');
    expect(all).not.toContain(res.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!);
  });

  it('when the incoming X-Request-Id is malformed, then a fresh id replaces it, on the answer and on both lines', async () => {
    const res = await fetch(`${bff.url}/api/categories`, {
      headers: { 'x-request-id': 'not ok; "injected": true' },
    });
    const fresh = res.headers.get('x-request-id')!;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => {
      expect(requestLines(bffOut, fresh)).toHaveLength(1);
      expect(requestLines(apiOut, fresh)).toHaveLength(1);
    });
    expect([...bffOut.lines, ...apiOut.lines].join('\n')).not.toContain('injected');
  });
});
