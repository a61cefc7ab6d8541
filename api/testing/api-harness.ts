import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER, PROOF_HEADER, proofMessage } from '#server/internal.ts';
import type { RegisterBody, UserInfo } from '#contracts/user.ts';
import { type Api, type ApiOptions, createApi } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { createSession } from '../auth/sessions.ts';
import { signToken, tokenLifetime } from '../auth/token.ts';
import type { ApiConfig } from '../config.ts';
import { SLOW_REQUEST_DEFAULTS } from '#server/slow-requests.ts';
import { MAIL_DEFAULTS } from '../components/mail/settings.ts';
import type { Db } from '../db/index.ts';
import { createTestDb } from './test-db.ts';

/** The BFF ↔ API secret in tests; a test BFF in front of a test API uses the same. */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-that-is-long-enough-01';

/** Headers that make a direct call look like the BFF's own session call (login, register). */
export const sessionCallHeaders = (address = '127.0.0.1', secret = TEST_INTERNAL_SECRET): Record<string, string> => ({
  [CLIENT_HEADER]: address,
  [PROOF_HEADER]: createHmac('sha256', secret).update(proofMessage('session', address)).digest('base64url'),
});

/** The password of every user made by `register()` unless overridden. */
export const TEST_PASSWORD = 'secret-password';

export type AuthedFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type TestApi = {
  /** Base URL, e.g. http://127.0.0.1:41234 (paths passed to `authed` start with /api/...). */
  url: string;
  db: Db;
  api: Api;
  /** Its HTTP server, to see requests as they arrive. */
  server: http.Server;
  config: ApiConfig;
  stop(): Promise<void>;
  /** A new user (unique email by default) with a live session, made straight in the database. */
  register(overrides?: Partial<RegisterBody>): Promise<{ token: string; user: UserInfo; password: string }>;
  /** Logs in through POST /api/users/login; throws unless it answers 200. */
  login(email: string, password: string): Promise<string>;
  /** Makes the user an admin; their existing tokens are admin tokens on the next request. */
  makeAdmin(userId: string): Promise<void>;
  /** fetch against the API with `Authorization: Bearer <token>` (none if token is undefined) and JSON content type. */
  authed(token: string | undefined): AuthedFetch;
};

/** `TestApi.authed` for the API at `url` (another instance on the same database, say). */
export const authedAt =
  (url: string) =>
  (token: string | undefined): AuthedFetch =>
  (p, init = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(url + p, { ...init, headers });
  };

export type StartTestApiOptions = Omit<Partial<ApiOptions>, 'db' | 'config'> & {
  config?: Partial<ApiConfig>;
  /** The database, opened on the API's DATA_DIR (the embedded one on disk, say); default createTestDb's. */
  openDb?: (dataDir: string) => Promise<Db>;
};

let defaultHash: Promise<string> | undefined;
const hashFor = (password: string) => (password === TEST_PASSWORD ? (defaultHash ??= hashPassword(TEST_PASSWORD)) : hashPassword(password));

/** The test API's configuration over `dataDir` (an API on a database a test opened itself uses it too). */
export const testApiConfig = (dataDir: string, overrides: Partial<ApiConfig> = {}): ApiConfig => ({
  NODE_ENV: 'test',
  API_PORT: 0,
  API_HOST: '127.0.0.1',
  INSTANCE_ID: 'api',
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  DATABASE_POOL_SIZE: 10,
  TOKEN_SECRET: 'test-secret-that-is-long-enough-0123456789',
  INTERNAL_SECRET: TEST_INTERNAL_SECRET,
  SEED: 'none',
  PGLITE_THREAD: false,
  IMAGE_HOST_URL: undefined,
  LOG_LEVEL: 'silent',
  CHAT_SOCKETS_PER_ADDRESS: 40,
  CHAT_SOCKETS_PER_SESSION: 10,
  CHAT_MESSAGES_PER_SOCKET_PER_SECOND: 5,
  CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE: 200,
  CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE: 30,
  CHAT_HISTORY_DAYS: 365,
  UNPAID_ORDER_MINUTES: 30,
  MAX_OPEN_ORDERS_PER_ACCOUNT: 10,
  MAX_UNITS_PER_PRODUCT: 10,
  CATALOGUE_MAX_AGE_SECONDS: 10,
  BACKUP_EVERY_HOURS: 0,
  BACKUP_KEEP: 7,
  PROBLEM_REPORTS_PER_SESSION_PER_HOUR: 5,
  PROBLEM_REPORTS_PER_ADDRESS_PER_HOUR: 30,
  PROBLEM_REPORT_DAYS: 90,
  KIOSK_STUCK_MINUTES: 10,
  ...SLOW_REQUEST_DEFAULTS,
  ...MAIL_DEFAULTS,
  ...overrides,
});

/** Starts the API on a fresh test database and an ephemeral port. Call `stop()` in afterAll. */
export const startTestApi = async (options: StartTestApiOptions = {}): Promise<TestApi> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-api-test-'));
  const config = testApiConfig(dataDir, options.config);
  const db = options.openDb ? await options.openDb(dataDir) : await createTestDb();
  const { config: _ignored, openDb: _opened, ...rest } = options;
  const api = createApi({ ...rest, db, config });
  const { url, server } = await api.start(0, '127.0.0.1');

  const authed = authedAt(url);

  const register: TestApi['register'] = async (overrides = {}) => {
    const password = overrides.password ?? TEST_PASSWORD;
    const body = {
      name: 'Test',
      lastName: 'User',
      email: `user-${randomUUID()}@example.test`,
      ...overrides,
    };
    const { rows } = await db.query<UserInfo>(
      `insert into users (name, last_name, email, password_hash) values ($1, $2, $3, $4)
       returning id as "_id", name, last_name as "lastName", email, is_admin as "isAdmin"`,
      [body.name, body.lastName, body.email.trim().toLowerCase(), await hashFor(password)],
    );
    const user = rows[0]!;
    const lifetime = tokenLifetime(false);
    const sid = await createSession(db, user._id, lifetime);
    const token = await signToken({ ...user, sid }, config.TOKEN_SECRET, lifetime);
    return { token, user, password };
  };

  const login: TestApi['login'] = async (email, password) => {
    const res = await authed(undefined)('/api/users/login', {
      method: 'POST',
      headers: sessionCallHeaders('127.0.0.1', config.INTERNAL_SECRET),
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login failed with ${res.status}: ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return token;
  };

  const makeAdmin: TestApi['makeAdmin'] = async (userId) => {
    await db.query('update users set is_admin = true where id = $1', [userId]);
  };

  return {
    url,
    db,
    api,
    server,
    config,
    register,
    login,
    makeAdmin,
    authed,
    async stop() {
      await api.stop();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A JSON POST whose body stays on its way until `finish()`: a request in flight, e.g. when a drain
 * begins. It asks `Expect: 100-continue`, so `arrived` resolves once the server has its headers.
 */
export const postSlowly = (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      expect: '100-continue',
      ...headers,
    },
  });
  const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  const arrived = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.write(text.slice(0, 10));
  return { arrived, answer, finish: () => void req.end(text.slice(10)) };
};
