import { existsSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeHub } from '../../api/realtime/hub.ts';
import { until } from '../../api/testing/sockets.ts';
import type { HubServer } from '../../api/realtime/types.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type TestBff, bffSession, startTestBff } from '../testing/bff-harness.ts';
import { type ViaBffOptions, attemptViaBff } from '../testing/chat-clients.ts';

/*
 * The relay's websocket caps with two BFF instances sharing one Redis in front of one API, as
 * behind a balancer. The API's own caps are set far higher here, so what refuses is the relay.
 */
const RELAY = { CHAT_SOCKETS_PER_ADDRESS: 4, CHAT_SOCKETS_PER_SESSION: 2 };
let redis: RedisServer;
let api: TestApi;
let hub: HubServer;
let first: TestBff;
let second: TestBff;
const open: Socket[] = [];

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('chat websocket caps shared by two BFF instances', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    api = await startTestApi({
      config: { CHAT_SOCKETS_PER_ADDRESS: 100, CHAT_SOCKETS_PER_SESSION: 100 },
      attachments: [createRealtimeHub({ onAttached: (io) => (hub = io) })],
    });
    const config = { ...RELAY, REDIS_URL: redis.url };
    first = await startTestBff({ apiUrl: api.url, config });
    second = await startTestBff({ apiUrl: api.url, config });
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.disconnect();
    await until(() => hub.of('/').sockets.size === 0, 'the hub has let every socket go');
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await api?.stop();
    await redis?.stop();
  });

  /** A connected socket, or why it was refused (a refused upgrade reads as its status). */
  const attempt = (bff: TestBff, options: ViaBffOptions): Promise<Socket | string> => attemptViaBff(bff, options, (s) => open.push(s));
  const alternating = (n: number, options: ViaBffOptions) =>
    Promise.all(Array.from({ length: n }, (_, i) => attempt(i % 2 === 0 ? first : second, options)));
  const sockets = (results: Array<Socket | string>) => results.filter((r): r is Socket => typeof r !== 'string');
  const refusals = (results: Array<Socket | string>) => results.filter((r): r is string => typeof r === 'string');

  it('when one address opens 10 websockets spread over both BFFs, then 4 get through across them and the rest get 429; another address still connects', async () => {
    const results = await alternating(10, { localAddress: '127.0.2.11' });
    expect(sockets(results)).toHaveLength(RELAY.CHAT_SOCKETS_PER_ADDRESS);
    expect(refusals(results)).toEqual(Array(6).fill('Unexpected server response: 429'));
    expect(typeof (await attempt(second, { localAddress: '127.0.2.12' }))).not.toBe('string');
  });

  it('when one session has two websockets, one on each BFF, then a third is refused on either until one closes', async () => {
    const cookie = await bffSession(api, first);
    expect(
      refusals([
        await attempt(first, { cookie, localAddress: '127.0.2.13' }),
        await attempt(second, { cookie, localAddress: '127.0.2.14' }),
      ]),
    ).toEqual([]);
    expect(await attempt(first, { cookie, localAddress: '127.0.2.15' })).toBe('Unexpected server response: 429');
    expect(await attempt(second, { cookie, localAddress: '127.0.2.15' })).toBe('Unexpected server response: 429');

    open.find((s) => s.connected)!.disconnect();
    await expect.poll(async () => typeof (await attempt(second, { cookie, localAddress: '127.0.2.15' }))).not.toBe('string');
  });
});
