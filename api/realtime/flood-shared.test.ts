import { existsSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_TEXTS, type ChatAck } from '#contracts/chat.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type Api, createApi } from '../app.ts';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { createRealtimeHub } from './hub.ts';
import { connect, connectAdmin, say, until } from '../testing/sockets.ts';
import type { HubServer } from './types.ts';

/*
 * The hub's open-socket caps with two API instances on one database and one Redis, as behind a
 * balancer: a shopper's sockets land on either instance, and the caps count them together.
 * Each test has addresses of its own (any 127.x reaches the loopback).
 */
const LIMITS = { CHAT_SOCKETS_PER_ADDRESS: 4, CHAT_SOCKETS_PER_SESSION: 2, CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE: 6 };
let redis: RedisServer;
let a: TestApi;
let hubA: HubServer;
let b: { url: string; api: Api; io: HubServer };
const open: Socket[] = [];

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('chat socket caps shared by two API instances', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    a = await startTestApi({
      config: { ...LIMITS, REDIS_URL: redis.url },
      attachments: [createRealtimeHub({ onAttached: (io) => (hubA = io) })],
    });
    let io: HubServer | undefined;
    const api = createApi({ db: a.db, config: a.config, attachments: [createRealtimeHub({ onAttached: (x) => (io = x) })] });
    b = { url: (await api.start(0, '127.0.0.1')).url, api, io: io! };
    // As a balancer does: no socket before both say ready. Until its Redis connects, an instance
    // counts its sockets alone (by design), and the first case let a fifth socket in, once in CI.
    const ready = (url: string) =>
      vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), { timeout: 10_000, interval: 20 });
    await Promise.all([ready(a.url), ready(b.url)]);
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.disconnect();
    await until(() => hubA.of('/').sockets.size === 0 && b.io.of('/').sockets.size === 0, 'both instances have let every socket go');
  });
  afterAll(async () => {
    await b?.api.stop();
    await a?.stop();
    await redis?.stop();
  });

  /** A connected socket, or the message of the connect_error that refused it. */
  const attempt = (url: string, localAddress: string, token?: string): Promise<Socket | string> =>
    connect(url, { localAddress, token }).then(
      (s) => (open.push(s), s),
      (err: Error) => err.message,
    );
  const sockets = (results: Array<Socket | string>) => results.filter((r): r is Socket => typeof r !== 'string');
  const refusals = (results: Array<Socket | string>) => results.filter((r): r is string => typeof r === 'string');
  const alternating = (n: number, localAddress: string, token?: string) =>
    Promise.all(Array.from({ length: n }, (_, i) => attempt(i % 2 === 0 ? a.url : b.url, localAddress, token)));

  it('when one address opens 10 sockets spread over both instances, then 4 get in across them and the rest read the clear message; another address still connects', async () => {
    const results = await alternating(10, '127.0.1.11');
    expect(sockets(results)).toHaveLength(LIMITS.CHAT_SOCKETS_PER_ADDRESS);
    expect(refusals(results)).toEqual(Array(6).fill(CHAT_TEXTS.tooManyChats));
    expect(typeof (await attempt(b.url, '127.0.1.12'))).not.toBe('string');
  });

  it('when an address is at its cap and a socket on instance A closes, then the next socket from it gets in on instance B', async () => {
    const results = await alternating(4, '127.0.1.13');
    expect(refusals(results)).toEqual([]);
    expect(await attempt(b.url, '127.0.1.13')).toBe(CHAT_TEXTS.tooManyChats);
    const onA = sockets(results)[0]!;
    const id = onA.id!;
    onA.disconnect();
    await until(() => !hubA.of('/').sockets.has(id), 'instance A lets the socket go');
    await expect.poll(async () => typeof (await attempt(b.url, '127.0.1.13'))).not.toBe('string');
  });

  it('when one session opens sockets on both instances, then the third is refused on either', async () => {
    const { token } = await a.register();
    expect(refusals([await attempt(a.url, '127.0.1.14', token), await attempt(b.url, '127.0.1.15', token)])).toEqual([]);
    expect(await attempt(a.url, '127.0.1.16', token)).toBe(CHAT_TEXTS.tooManyWindows);
    expect(await attempt(b.url, '127.0.1.16', token)).toBe(CHAT_TEXTS.tooManyWindows);
  });

  it('when one address writes through sockets on both instances, then its messages a minute count together and the rest are refused on either', async () => {
    const desk = await connectAdmin(a, b.url);
    open.push(desk.socket);
    const [onA, onB] = sockets(await Promise.all([attempt(a.url, '127.0.1.17'), attempt(b.url, '127.0.1.17')]));
    const answers: ChatAck[] = [];
    for (let n = 0; n < 5; n += 1) answers.push(await say(onA!, `from A ${n}`), await say(onB!, `from B ${n}`));
    expect(answers.filter((x) => x.ok)).toHaveLength(LIMITS.CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE);
    expect(answers.filter((x) => !x.ok)).toEqual(Array(4).fill({ ok: false, code: 'rate limited', message: CHAT_TEXTS.tooManyMessages }));
  });
});
