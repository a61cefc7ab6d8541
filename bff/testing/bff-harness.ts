import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { type Bff, type BffOptions, createBff } from '../app.ts';
import { type BffConfig, LIMIT_DEFAULTS } from '../config.ts';
import { TEST_INTERNAL_SECRET, type TestApi } from '../../api/testing/api-harness.ts';
import { registerAdmin } from '../../api/testing/test-api.ts';
import { SLOW_REQUEST_DEFAULTS } from '#server/slow-requests.ts';

/** Registrations an hour per address in tests (default 20): test shoppers all come from 127.0.0.1. */
export const TEST_REGISTRATIONS_PER_HOUR = 1_000_000;

export const TEST_SESSION_SECRET = 'bff-test-session-secret-0123456789abcdef';

export type TestBff = {
  url: string;
  bff: Bff;
  /** Its HTTP server, to see requests as they arrive and answers as they close. */
  server: http.Server;
  /** The folders it serves the client and the widget from (tests may add files). */
  clientDir: string;
  widgetsDir: string;
  /** Every log line the BFF wrote, as raw JSON text. */
  logs: string[];
  stop(): Promise<void>;
};

export type StartTestBffOptions = {
  apiUrl: string;
  config?: Partial<BffConfig>;
  apiLimitPerMinute?: BffOptions['apiLimitPerMinute'];
  logoutTiming?: BffOptions['logoutTiming'];
  /** A built server-render bundle to use; by default an empty folder (pages are not rendered on the server). */
  serverDir?: string;
  /** Logs somewhere else than `logs` (a test that reads lines as a person would). */
  logger?: BffOptions['logger'];
};

/**
 * A BFF on 127.0.0.1 and an ephemeral port, serving a tiny client (index.html, one asset)
 * and widget from a temp folder, logging into memory so tests can read the logs.
 */
export const startTestBff = async ({
  apiUrl,
  config = {},
  apiLimitPerMinute,
  logoutTiming,
  serverDir,
  logger,
}: StartTestBffOptions): Promise<TestBff> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'statefront-bff-test-'));
  const clientDir = path.join(dir, 'client');
  const widgetsDir = path.join(dir, 'widgets');
  await mkdir(path.join(clientDir, 'assets'), { recursive: true });
  await mkdir(widgetsDir, { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Statefront test client</title><div id="root"></div>');
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("client")');
  await writeFile(path.join(widgetsDir, 'chat.js'), 'console.log("widget")');

  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const full: BffConfig = {
    NODE_ENV: 'test',
    PORT: 0,
    INSTANCE_ID: 'bff',
    API_URL: apiUrl,
    DATA_DIR: dir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    PARTNER_ORIGINS: [],
    PUBLIC_ORIGIN: undefined,
    IMAGE_HOST_URL: undefined,
    LOG_LEVEL: 'info',
    TRUST_PROXY: false,
    TRUST_PROXY_SECRET: undefined,
    ...LIMIT_DEFAULTS,
    // Every test shopper registers from 127.0.0.1: raised here, at its default only where a test sets it.
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: TEST_REGISTRATIONS_PER_HOUR,
    ...SLOW_REQUEST_DEFAULTS,
    CHAT_SOCKETS_PER_ADDRESS: 40,
    CHAT_SOCKETS_PER_SESSION: 10,
    KIOSK: false,
    KIOSK_IDLE_SECONDS: 60,
    KIOSK_WARNING_SECONDS: 15,
    KIOSK_HANDOFF_SECONDS: 120,
    KIOSK_EXIT_HOLD_SECONDS: 5,
    KIOSK_HEARTBEAT_SECONDS: 15,
    MACHINE_COUNTS: true,
    PLANTED_BUG: undefined,
    MAX_UNITS_PER_PRODUCT: 10,
    CATALOGUE_MAX_AGE_SECONDS: 10,
    // Off unless a test turns it on: the fake API's recorded calls stay one per request.
    CATALOGUE_CACHE_BYTES: 0,
    ...config,
  };
  const bff = createBff({
    apiUrl,
    config: full,
    logger: logger ?? pino({ level: 'info' }, sink),
    clientDir,
    widgetsDir,
    serverDir: serverDir ?? path.join(dir, 'server'),
    apiLimitPerMinute,
    logoutTiming,
  });
  const { port, server } = await bff.start(0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    bff,
    server,
    clientDir,
    widgetsDir,
    logs,
    async stop() {
      await bff.stop(1_000);
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export const cookieFrom = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** JSON POST with the anti-forgery header the shop's own pages send. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', ...headers },
    body: JSON.stringify(body),
  });

/**
 * Logs `who` (an account of api/testing/test-api.ts) in through the BFF, as the login form does,
 * and answers the session cookie a browser keeps; throws unless the login answers 200.
 */
export const loginThroughBff = async (bff: TestBff, who: { user: { email: string }; password: string }): Promise<string> => {
  const res = await postJson(`${bff.url}/api/users/login`, { email: who.user.email, password: who.password });
  if (res.status !== 200) throw new Error(`login through the BFF answered ${res.status}: ${await res.text()}`);
  return cookieFrom(res);
};

/** A new account's session through the BFF (an admin's with `admin`): the cookie a browser keeps. */
export const bffSession = async (api: TestApi, bff: TestBff, { admin = false } = {}): Promise<string> =>
  loginThroughBff(bff, admin ? await registerAdmin(api) : await api.register());
