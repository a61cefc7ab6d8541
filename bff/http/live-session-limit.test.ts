import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer, ApiClient } from '../session/api-client.ts';
import { type LiveUser, liveSessions, liveUser } from './live-sessions.ts';

/** An API that knows which tokens are live, and counts how often it is asked. */
const fakeApi = () => {
  const live = new Set<string>();
  const asked: string[] = [];
  let down = false;
  const callApi: ApiClient = async (_req, path, options) => {
    const token = options?.token ?? '';
    asked.push(token);
    if (down) throw Object.assign(new Error('The API could not be reached'), { status: 502 });
    if (path === '/api/logout') return { status: 200, body: { message: 'logged out' } };
    return (
      live.has(token) ? { status: 200, body: { user: { _id: `id-${token}`, email: `${token}@shop.test` } } } : { status: 401, body: {} }
    ) satisfies ApiAnswer;
  };
  return { live, asked, callApi, setDown: (value: boolean) => (down = value) };
};

const clock = () => {
  let time = 1_000_000;
  return { now: () => time, pass: (ms: number) => (time += ms) };
};

const requestWith = (token: string | undefined) =>
  ({ session: token ? { id: `s-${token}`, token, doNotLogout: false, isAdmin: false } : null }) as unknown as Request;

/** Runs the middleware for one request and answers whose limit it counts on. */
const userOf = async (sessions: ReturnType<typeof liveSessions>, token: string | undefined): Promise<LiveUser | undefined> => {
  const req = requestWith(token);
  await new Promise<void>((resolve) => void sessions.middleware(req, {} as Response, () => resolve()));
  return liveUser(req);
};

describe('live sessions: what the /api limit keys on', () => {
  it('when the API confirms a session, then it is its user’s, and the API is asked again only after 30 s', async () => {
    const api = fakeApi();
    const time = clock();
    const sessions = liveSessions({ callApi: api.callApi, now: time.now });
    api.live.add('ada');

    expect(await userOf(sessions, 'ada')).toEqual({ _id: 'id-ada', email: 'ada@shop.test' });
    time.pass(29_000);
    expect(await userOf(sessions, 'ada')).toEqual({ _id: 'id-ada', email: 'ada@shop.test' });
    expect(api.asked).toEqual(['ada']);
    time.pass(1_000);
    await userOf(sessions, 'ada');
    expect(api.asked).toEqual(['ada', 'ada']);
  });

  it('when a session ends at the API behind the BFF’s back, then within 30 s its requests are a guest’s', async () => {
    const api = fakeApi();
    const time = clock();
    const sessions = liveSessions({ callApi: api.callApi, now: time.now });
    api.live.add('bob');
    expect(await userOf(sessions, 'bob')).toBeDefined();

    api.live.delete('bob');
    time.pass(30_000);
    expect(await userOf(sessions, 'bob')).toBeUndefined();
    // Dead is remembered too: replaying the cookie does not make the API answer every time.
    expect(await userOf(sessions, 'bob')).toBeUndefined();
    expect(api.asked).toEqual(['bob', 'bob']);
  });

  it('when the shopper logs out through the BFF, then the session is a guest’s at once', async () => {
    const api = fakeApi();
    const sessions = liveSessions({ callApi: api.callApi });
    api.live.add('cy');
    expect(await userOf(sessions, 'cy')).toBeDefined();

    await sessions.watch(api.callApi)(requestWith('cy'), '/api/logout', { token: 'cy' });
    expect(await userOf(sessions, 'cy')).toBeUndefined();
  });

  it('when the shopper logs out while the API is still being asked, then the late answer does not bring the session back', async () => {
    const api = fakeApi();
    api.live.add('fay');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowApi: ApiClient = async (req, path, options) => {
      const answer = await api.callApi(req, path, options);
      if (path === '/api/session') await held;
      return answer;
    };
    const sessions = liveSessions({ callApi: slowApi });
    const asking = userOf(sessions, 'fay');
    await sessions.watch(api.callApi)(requestWith('fay'), '/api/logout', { token: 'fay' });
    release();
    await asking;
    expect(await userOf(sessions, 'fay')).toBeUndefined();
  });

  it('when one session sends many requests at once, then the API is asked once', async () => {
    const api = fakeApi();
    const sessions = liveSessions({ callApi: api.callApi });
    api.live.add('dee');
    const users = await Promise.all(Array.from({ length: 20 }, () => userOf(sessions, 'dee')));
    expect(users.every((u) => u?._id === 'id-dee')).toBe(true);
    expect(api.asked).toEqual(['dee']);
  });

  it('when a flood of different cookies arrives, then the cache stays within its bound', async () => {
    const api = fakeApi();
    const sessions = liveSessions({ callApi: api.callApi, maxEntries: 100 });
    for (let i = 0; i < 1_000; i += 1) await userOf(sessions, `flood-${i}`);
    expect(sessions.size()).toBe(100);
  });

  it('when the API cannot be reached, then the request is a guest’s and nothing is remembered', async () => {
    const api = fakeApi();
    const sessions = liveSessions({ callApi: api.callApi });
    api.live.add('eve');
    api.setDown(true);
    expect(await userOf(sessions, 'eve')).toBeUndefined();
    api.setDown(false);
    expect(await userOf(sessions, 'eve')).toBeDefined();
  });

  it('when there is no session, then the API is not asked', async () => {
    const api = fakeApi();
    const sessions = liveSessions({ callApi: api.callApi });
    expect(await userOf(sessions, undefined)).toBeUndefined();
    expect(api.asked).toEqual([]);
  });
});
