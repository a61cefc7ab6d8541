import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_SECRET } from '../../api/testing/api-harness.ts';
import { createBff } from '../app.ts';
import { type BffConfig, LIMIT_DEFAULTS } from '../config.ts';
import { SLOW_REQUEST_DEFAULTS } from '#server/slow-requests.ts';
import { TEST_SESSION_SECRET, type TestBff, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';
import { FAKE_PASSWORD, type FakeApi, startFakeApi } from '../testing/fake-api.ts';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.stop());

describe('defaults that fail closed', () => {
  const config = (overrides: Partial<BffConfig>): BffConfig =>
    ({
      NODE_ENV: 'development',
      PORT: 0,
      API_URL: api.url,
      DATA_DIR: '/nonexistent',
      SESSION_SECRET: TEST_SESSION_SECRET,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      PARTNER_ORIGINS: [],
      LOG_LEVEL: 'info',
      ...SLOW_REQUEST_DEFAULTS,
      CONNECTIONS_PER_ADDRESS: LIMIT_DEFAULTS.CONNECTIONS_PER_ADDRESS,
      ...overrides,
    }) as BffConfig;
  const warningsWhenStarted = async (overrides: Partial<BffConfig>, host?: string) => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const bff = createBff({
      apiUrl: api.url,
      config: config(overrides),
      logger: pino({ level: 'info' }, sink),
      clientDir: '/nonexistent',
      widgetsDir: '/nonexistent',
    });
    const { server } = await bff.start(0, host);
    const address = server.address();
    await bff.stop(100);
    return { lines: lines.filter((l) => l.includes('outside production')), address };
  };

  it('when the shop listens beyond this machine outside production, then one clear warning says so; on loopback or in production, none', async () => {
    const open = await warningsWhenStarted({}, '0.0.0.0');
    expect(open.lines).toHaveLength(1);
    expect(open.lines[0]).toMatch(/listens on 0\.0\.0\.0 outside production.*HOST=127\.0\.0\.1/);
    expect((await warningsWhenStarted({}, '127.0.0.1')).lines).toEqual([]);
    expect((await warningsWhenStarted({ NODE_ENV: 'production' }, '0.0.0.0')).lines).toEqual([]);
  });

  it('when no HOST is set outside production, then the shop listens on loopback only', async () => {
    const { lines, address } = await warningsWhenStarted({});
    expect(address).toMatchObject({ address: '127.0.0.1' });
    expect(lines).toEqual([]);
  });

  describe('what a session sees is not cached', () => {
    let bff: TestBff;
    beforeAll(async () => {
      bff = await startTestBff({ apiUrl: api.url });
    });
    afterAll(() => bff.stop());

    it('when a logged-in shopper reads /api, then every personal answer says no-store and the catalogue private, no-cache', async () => {
      const login = await postJson(`${bff.url}/api/users/login`, { email: 'ada@example.test', password: FAKE_PASSWORD });
      expect(login.headers.get('cache-control')).toBe('no-store');
      const cookie = cookieFrom(login);
      for (const path of ['/api/orders', '/api/users/profile/x', '/api/get-token']) {
        const res = await fetch(bff.url + path, { headers: { cookie } });
        expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({ path, cacheControl: 'no-store' });
      }
      // The catalogue is everyone's, but with a session it is revalidated and never shared.
      const catalogue = await fetch(`${bff.url}/api/products/bestsellers`, { headers: { cookie } });
      expect(catalogue.headers.get('cache-control')).toBe('private, no-cache');
    });
  });
});
