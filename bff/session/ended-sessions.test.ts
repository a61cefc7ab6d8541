import type { Request } from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startRedisServer } from '../../tests/support/redis-server.ts';
import { redisCounters } from '../http/redis-store.ts';
import { TEST_SESSION_SECRET } from '../testing/bff-harness.ts';
import type { ApiAnswer, ApiClient } from './api-client.ts';
import { endedSessions } from './ended-sessions.ts';
import { redisEndedStore, tokenSeal } from './ended-store.ts';

const req = { requestId: 'r1' } as Request;
const silent = pino({ level: 'silent' });

/** An API whose answers to GET /api/logout the test hands out one by one. */
const scriptedApi = (answers: Array<ApiAnswer | 'unreachable'>) => {
  const calls: string[] = [];
  const callApi: ApiClient = async (_req, path) => {
    calls.push(path);
    const next = answers.shift() ?? { status: 200, body: null };
    if (next === 'unreachable') throw Object.assign(new Error('The API could not be reached'), { status: 502 });
    return next;
  };
  return { callApi, calls };
};

const sessionOf = (token: string) => ({ session: { id: 'id', token, doNotLogout: false, isAdmin: false } }) as unknown as Request;
const forgotten = (ended: ReturnType<typeof endedSessions>, token: string) => {
  const r = sessionOf(token);
  ended.forget(r, {} as never, () => undefined);
  return r.session === null;
};

describe('endedSessions', () => {
  it('when the API confirms the logout, then nothing stays pending and the cookie is left to the API to refuse', async () => {
    const { callApi, calls } = scriptedApi([{ status: 200, body: { message: 'logged out' } }]);
    const ended = endedSessions({ callApi, logger: silent });
    await ended.end(req, 'token-a');
    expect(calls).toEqual(['/api/logout']);
    expect(ended.pending()).toBe(0);
    expect(forgotten(ended, 'token-a')).toBe(false);
  });

  it('when the API cannot be reached or fails, then the session is forgotten here at once and the logout is retried until the API confirms', async () => {
    const { callApi, calls } = scriptedApi(['unreachable', { status: 503, body: null }, { status: 401, body: null }]);
    const ended = endedSessions({ callApi, logger: silent, retryMs: 1 });
    await ended.end(req, 'token-b');
    expect(forgotten(ended, 'token-b')).toBe(true);
    expect(forgotten(ended, 'token-c')).toBe(false);
    await expect.poll(() => ended.pending()).toBe(0);
    expect(calls).toEqual(['/api/logout', '/api/logout', '/api/logout']);
    await ended.close();
  });

  it('when the API hangs, then end() resolves after waitMs all the same', async () => {
    const ended = endedSessions({ callApi: () => new Promise<ApiAnswer>(() => undefined), logger: silent, waitMs: 5 });
    await ended.end(req, 'token-d');
    expect(forgotten(ended, 'token-d')).toBe(true);
    await ended.close();
  });

  it('when more logouts wait than maxPending, then the oldest is dropped', async () => {
    const ended = endedSessions({
      callApi: scriptedApi(['unreachable', 'unreachable']).callApi,
      logger: silent,
      maxPending: 1,
      retryMs: 60_000,
    });
    await ended.end(req, 'old');
    await ended.end(req, 'new');
    expect(ended.pending()).toBe(1);
    expect(forgotten(ended, 'new')).toBe(true);
    await ended.close();
  });

  it('when logouts are kept in Redis (the cluster), then an instance that starts later forgets those sessions and tells the API until it confirms', async () => {
    const redis = await startRedisServer();
    const links = [redisCounters(redis.url, silent), redisCounters(redis.url, silent)];
    try {
      await Promise.all(links.map((l) => l.connect()));
      const seal = tokenSeal(TEST_SESSION_SECRET);
      const down = endedSessions({
        callApi: scriptedApi(['unreachable']).callApi,
        logger: silent,
        retryMs: 60_000,
        seal,
        store: redisEndedStore(links[0]!.link, silent),
      });
      await down.end(req, 'token-kept');
      await down.close();
      // Kept, sealed: what Redis holds opens no session.
      const keys = (await links[1]!.link.sendCommand(['KEYS', 'statefront:ended-session:*'])) as string[];
      expect(keys).toHaveLength(1);
      expect(await links[1]!.link.sendCommand(['GET', keys[0]!])).not.toContain('token-kept');

      const { callApi, calls } = scriptedApi([]);
      const later = endedSessions({ callApi, logger: silent, seal, store: redisEndedStore(links[1]!.link, silent) });
      await later.start();
      expect(forgotten(later, 'token-kept')).toBe(true);
      await expect.poll(() => later.pending()).toBe(0);
      expect(calls).toEqual(['/api/logout']);
      await expect.poll(() => links[1]!.link.sendCommand(['DBSIZE'])).toBe(0);
      await later.close();
    } finally {
      await Promise.all(links.map((l) => l.close()));
      await redis.stop();
    }
  });
});
