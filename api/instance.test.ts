import { existsSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '#contracts/chat.ts';
import { firstThatAccepts, portOf } from '../tests/support/first-that-accepts.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../tests/support/redis-server.ts';
import { type Api, createApi } from './app.ts';
import type { InstanceState } from '#server/readiness.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { ack, collect, comeBack, connect, connectAdmin, holdOffline, say, until, upgradeHeaders } from './testing/sockets.ts';
import { recordCrashes } from './testing/crashes.ts';
import { postSlowly, sessionCallHeaders, startTestApi, type TestApi, TEST_PASSWORD } from './testing/api-harness.ts';

/** An API instance says who it is, whether it is ready, and drains on SIGTERM (docs/decisions/008-cluster.md). */

const get = async (url: string) => {
  const res = await fetch(url);
  return {
    status: res.status,
    instance: res.headers.get('x-instance'),
    body: (await res.json().catch(() => null)) as unknown,
  };
};

describe('an API instance', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ config: { INSTANCE_ID: 'api-7' } });
  });
  afterAll(async () => t?.stop());

  it('when anything is asked of it (health, an API call, an unknown path), then the answer says X-Instance: api-7', async () => {
    for (const path of ['/healthz', '/readyz', '/api/products', '/no-such-path'])
      expect((await get(`${t.url}${path}`)).instance, path).toBe('api-7');
  });

  it('when the database answers and no Redis is configured, then /readyz says ready', async () => {
    expect(await get(`${t.url}/readyz`)).toMatchObject({
      status: 200,
      body: { status: 'ready' },
    });
  });

  it('when a socket.io client opens a polling session, then the handshake says the instance and the session id starts with api-7~ (URL-safe)', async () => {
    const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`);
    expect(res.headers.get('x-instance')).toBe('api-7');
    const { sid } = JSON.parse((await res.text()).slice(1)) as { sid: string };
    expect(sid).toMatch(/^api-7~[A-Za-z0-9_-]{16,}$/);
    // The next request of that session (a POST answers at once; a GET waits for data) says so too.
    const poll = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&sid=${encodeURIComponent(sid)}`, { method: 'POST', body: '40' });
    expect(await poll.text()).toBe('ok');
    expect(poll.headers.get('x-instance')).toBe('api-7');
  });

  it('when a client opens a websocket, then the 101 says the instance', async () => {
    expect((await upgradeHeaders(t.url))['x-instance']).toBe('api-7');
  });
});

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('API instances sharing Redis: readiness and drain', () => {
  let redis: RedisServer;
  let a: TestApi;
  beforeAll(async () => {
    redis = await startRedisServer();
    a = await startTestApi({
      config: { REDIS_URL: redis.url, INSTANCE_ID: 'api-a' },
    });
  });
  afterAll(async () => {
    await a?.stop();
    await redis?.stop();
  });

  /** A second instance on A's database and Redis; `probe` lets a test hold /readyz in flight. */
  const startB = async (onInstance?: (instance: InstanceState) => void) => {
    const hub = createRealtimeHub();
    const api: Api = createApi({
      db: a.db,
      config: { ...a.config, INSTANCE_ID: 'api-b' },
      attachments: [(server, ctx, instance) => (onInstance?.(instance), hub(server, ctx, instance))],
    });
    const { url } = await api.start(0, '127.0.0.1');
    return { api, url };
  };

  it('when an instance drains, then a request in flight finishes with 200 closing its connection, /readyz in flight says draining, and a new connection is refused', async () => {
    let slowProbe = () => Promise.resolve();
    const b = await startB((instance) => instance.probe('slow', () => slowProbe()));
    const { user } = await a.register();
    // A login whose body is still on its way when SIGTERM arrives.
    const login = postSlowly(`${b.url}/api/users/login`, { email: user.email, password: TEST_PASSWORD }, sessionCallHeaders());
    let release = () => undefined as void;
    let probed = () => undefined as void;
    const probing = new Promise<void>((resolve) => (probed = resolve));
    slowProbe = () => {
      probed();
      return new Promise<void>((resolve) => (release = resolve));
    };
    const ready = fetch(`${b.url}/readyz`);
    // Both in flight: the login's headers are in, /readyz waits on its probe.
    await Promise.all([login.arrived, probing]);

    const stopped = b.api.stop(5_000);
    release();
    const readyz = await ready;
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'draining' });
    expect(readyz.headers.get('connection')).toBe('close');
    await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();

    // The rest of the body arrives while the instance drains.
    login.finish();
    const answer = await login.answer;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-instance']).toBe('api-b');
    expect(answer.headers.connection).toBe('close');
    answer.resume();
    await stopped;
  });

  it('when the instance holding a chat drains, then the customer sees a transport close, reconnects through the balancer to another instance and gets the answer sent meanwhile', async () => {
    const b = await startB();
    const balancer = await firstThatAccepts(() => [portOf(b.url), portOf(a.url)]);
    const open: Socket[] = [];
    try {
      const { socket: adminSocket } = await connectAdmin(a, a.url);
      open.push(adminSocket);
      const shopper = await connect(balancer.url);
      open.push(shopper);
      expect(shopper.io.engine.id).toMatch(/^api-b~/);
      const atCustomer = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
      const customerId = shopper.id!;
      expect(await say(shopper, 'Is the lamp in stock?')).toMatchObject({
        ok: true,
      });

      holdOffline(shopper);
      const reason = new Promise<string>((resolve) => shopper.once('disconnect', resolve));
      await b.api.stop(5_000);
      expect(await reason).toBe('transport close');
      // 'io server disconnect' would have ended the client's reconnection for good.
      expect(shopper.active).toBe(true);

      expect(
        await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, {
          user: customerId,
          message: 'Yes, two left',
        }),
      ).toMatchObject({ ok: true });
      await comeBack(shopper);
      expect(shopper.io.engine.id).toMatch(/^api-a~/);
      expect(shopper.recovered).toBe(true);
      expect(shopper.id).toBe(customerId);
      await until(() => atCustomer.includes('Yes, two left'), 'the answer sent meanwhile is replayed');
    } finally {
      for (const s of open) s.disconnect();
      await balancer.close();
    }
  });

  // The old wait was the whole outage: a test timeout under it is how this fails there.
  it(
    'when Redis hangs with its connection open, then a chat socket still connects (its open-socket caps counted on this instance), /readyz names Redis, and all is ready again once Redis goes on',
    { timeout: 8_000 },
    async () => {
      redis.pause();
      try {
        const shopper = await connect(a.url);
        shopper.disconnect();
        expect(await get(`${a.url}/readyz`)).toMatchObject({ status: 503, body: { status: 'redis unreachable' } });
      } finally {
        redis.resume();
      }
      await vi.waitFor(async () => expect((await get(`${a.url}/readyz`)).status).toBe(200), { timeout: 4_000, interval: 50 });
    },
  );

  it('when Redis is gone and an instance stops, then it drains and stops cleanly, nothing escaping as an uncaught error', async () => {
    const b = await startB();
    const shopper = await connect(b.url);
    const port = redis.port;
    const { crashes, stop } = recordCrashes();
    try {
      await redis.stop();
      // Stopped while its Redis client reconnects, with the chat's commands waiting for it.
      await vi.waitFor(async () => expect((await get(`${b.url}/readyz`)).status).toBe(503), { timeout: 5_000, interval: 50 });
      shopper.disconnect();
      await b.api.stop(1_000);
      // A rejection settles on a later turn of the event loop.
      await new Promise((r) => setTimeout(r, 200));
      expect(crashes).toEqual([]);
    } finally {
      stop();
      redis = await startRedisServer({ port });
      // node-redis reconnects with its backoff: A is ready again before the next case.
      await vi.waitFor(async () => expect((await get(`${a.url}/readyz`)).status).toBe(200), { timeout: 10_000, interval: 100 });
    }
  });

  // Last: a Redis that comes back empty has lost every instance's presence until its next heartbeat.
  it('when Redis is up, then /readyz says ready; when it stops, then 503 names Redis; when it is back, then ready again', async () => {
    expect(await get(`${a.url}/readyz`)).toMatchObject({
      status: 200,
      body: { status: 'ready' },
    });
    const port = redis.port;
    await redis.stop();
    const down = await get(`${a.url}/readyz`);
    expect(down).toMatchObject({
      status: 503,
      instance: 'api-a',
      body: { status: 'redis unreachable' },
    });
    expect((await get(`${a.url}/healthz`)).status).toBe(200);
    redis = await startRedisServer({ port });
    let again = down;
    // node-redis reconnects with its backoff: a bound, not a measurement.
    for (let i = 0; i < 100 && again.status !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      again = await get(`${a.url}/readyz`);
    }
    expect(again).toMatchObject({ status: 200, body: { status: 'ready' } });
  }, 20_000);
});
