import { TEST_PASSWORD, type TestApi, sessionCallHeaders } from '../../api/testing/api-harness.ts';
import { cookieFrom, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';

/**
 * The two ways into the shop that the security suites walk with one table: straight to the API
 * with a bearer token, and through the BFF's public port holding only the session cookie and
 * sending `X-CSRF: 1`, as a browser does. Routing that differs at the BFF (a path spelling
 * that skips its session routes, say) shows only on the second.
 */
export const DOORS = ['API', 'BFF'] as const;
export type DoorName = (typeof DOORS)[number];
export const DOOR_LABEL: Record<DoorName, string> = { API: 'straight to the API', BFF: "through the BFF's public port" };

export type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: string | FormData; headers?: Record<string, string> };
export type Send = (path: string, call?: Call) => Promise<Response>;

export type Door = {
  name: DoorName;
  /** No token, no cookie. */
  guest: Send;
  /** Logs the user in through this door (password TEST_PASSWORD) and calls as them from then on. */
  login(userId: string): Promise<Send>;
  /** Answers seen so far through this door (none of them a 429). */
  answers(): number;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE']);

/** Above anything a suite sends in a minute, so the BFF's /api limit never decides a row. */
const TEST_API_LIMIT = 1_000_000;

/**
 * Every answer passes here. A 429 would mean a limiter, not the rule under test, answered: it
 * fails the call outright rather than slipping through a loose "any 4xx" expectation.
 */
const counted = (name: DoorName) => {
  let answers = 0;
  const check = (res: Response, method: string, path: string): Response => {
    answers += 1;
    if (res.status === 429) throw new Error(`${DOOR_LABEL[name]}: ${method} ${path} answered 429; the suite must never meet a rate limit`);
    return res;
  };
  return { check, answers: () => answers };
};

const emailOf = async (t: TestApi, userId: string): Promise<string> => {
  const { rows } = await t.db.query<{ email: string }>('select email from users where id = $1', [userId]);
  if (!rows[0]) throw new Error(`no user ${userId}`);
  return rows[0].email;
};

/** Straight to the API; the calls carry the BFF's session proof, so login and register answer as they do for the BFF. */
const apiDoor = (t: TestApi): Door => {
  const { check, answers } = counted('API');
  const as =
    (token: string | undefined): Send =>
    async (path, { method = 'GET', body, headers } = {}) => {
      const res = await t.authed(token)(path, {
        method,
        headers: { ...sessionCallHeaders(), ...headers },
        ...(body === undefined ? {} : { body }),
      });
      return check(res, method, path);
    };
  return {
    name: 'API',
    guest: as(undefined),
    login: async (userId) => as(await t.login(await emailOf(t, userId), TEST_PASSWORD)),
    answers,
  };
};

/** The BFF's public port, as the shop's own pages call it: the session cookie and the anti-forgery header, never a token. */
const bffDoor = (t: TestApi, bffUrl: string): Door => {
  const { check, answers } = counted('BFF');
  const as =
    (cookie: string | undefined): Send =>
    async (path, { method = 'GET', body, headers: given } = {}) => {
      const headers = new Headers(given);
      if (cookie) headers.set('cookie', cookie);
      if (STATE_CHANGING.has(method) && !headers.has('x-csrf')) headers.set('x-csrf', '1');
      if (typeof body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
      const res = await fetch(bffUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
      return check(res, method, path);
    };
  const login = async (userId: string) => {
    const res = check(
      await postJson(`${bffUrl}/api/users/login`, { email: await emailOf(t, userId), password: TEST_PASSWORD }),
      'POST',
      '/api/users/login',
    );
    if (res.status !== 200) throw new Error(`login through the BFF answered ${res.status}: ${await res.text()}`);
    return as(cookieFrom(res));
  };
  return { name: 'BFF', guest: as(undefined), login, answers };
};

/** Both doors onto the test API: starts a BFF in front of it with its /api limit raised. */
export const openDoors = async (t: TestApi): Promise<{ doors: Record<DoorName, Door>; stop(): Promise<void> }> => {
  const bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: TEST_API_LIMIT });
  return { doors: { API: apiDoor(t), BFF: bffDoor(t, bff.url) }, stop: () => bff.stop() };
};
