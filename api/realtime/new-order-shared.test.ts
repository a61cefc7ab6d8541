import { existsSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewOrderPayload, SOCKET_EVENTS } from '#contracts/chat.ts';
import type { Order } from '#contracts/order.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { addProduct, body, customerWithProfile, post } from '../testing/test-api.ts';
import { startSecondInstance } from '../testing/second-instance.ts';
import { createRealtimeHub } from './hub.ts';
import { collect, connect, connectAdmin, say, until } from '../testing/sockets.ts';

/*
 * newOrder with two API instances on one database and one Redis: a checkout through either
 * instance reaches the admins connected to both, and no customer.
 */
describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('newOrder reaches admins on every instance', () => {
  let redis: RedisServer;
  let a: TestApi;
  let b: TestApi;
  const open: Socket[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    a = await startTestApi({ config: { REDIS_URL: redis.url }, attachments: [createRealtimeHub()] });
    b = await startSecondInstance(a, { attachments: [createRealtimeHub()] });
  });
  afterAll(async () => {
    for (const s of open) s.disconnect();
    await b?.stop();
    await a?.stop();
    await redis?.stop();
  });

  it('when a shopper checks out through instance A and another through B, then admins connected to A and to B each hear both orders, and a customer hears none', async () => {
    const onA = (await connectAdmin(a, a.url)).socket;
    const onB = (await connectAdmin(a, b.url)).socket;
    const customer = await connect(b.url);
    open.push(onA, onB, customer);
    const heard = [onA, onB].map((s) => collect<NewOrderPayload>(s, SOCKET_EVENTS.newOrder));
    const overheard = collect(customer, SOCKET_EVENTS.newOrder);

    const product = await addProduct(a, { priceCents: 1250, count: 10 });
    const placed: string[] = [];
    for (const api of [a, b]) {
      const res = await post(api, (await customerWithProfile(a)).token, body([{ productID: product, quantity: 1 }]));
      expect(res.status).toBe(201);
      placed.push(((await res.json()) as Order)._id);
    }

    await until(() => heard.every((h) => h.length === 2), 'both admins hear both orders');
    for (const h of heard) expect(h.map((o) => o._id).sort()).toEqual([...placed].sort());
    // Anything emitted after the orders reaches the customer after them, if at all: a round trip settles it.
    await say(customer, 'still there?');
    expect(overheard).toEqual([]);
  });
});
