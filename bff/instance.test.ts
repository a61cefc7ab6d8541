import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '#contracts/chat.ts';
import {
  ack,
  collect,
  comeBack,
  connect,
  connectAdmin,
  holdOffline,
  openPolls,
  say,
  until,
  upgradeHeaders,
} from '../api/testing/sockets.ts';
import { postSlowly, startTestApi, type TestApi, TEST_PASSWORD } from '../api/testing/api-harness.ts';
import { firstThatAccepts, portOf } from '../tests/support/first-that-accepts.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../tests/support/redis-server.ts';
import { postJson, startTestBff, type TestBff } from './testing/bff-harness.ts';

/** A BFF instance says who it is (and which API answered), whether it is ready, and drains. */

const instanceAt = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.headers.get('x-instance');
};

const readyz = async (url: string) => {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('a BFF instance in front of an API instance', () => {
  let api: TestApi;
  let shop: TestBff;
  beforeAll(async () => {
    api = await startTestApi({ config: { INSTANCE_ID: 'api-2' } });
    shop = await startTestBff({
      apiUrl: api.url,
      config: { INSTANCE_ID: 'bff-1' },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await api?.stop();
  });

  it('when the BFF answers itself (page, asset, health, a refused path), then X-Instance is bff-1', async () => {
    for (const path of ['/', '/assets/app-abc123.js', '/healthz', '/api/../x'])
      expect(await instanceAt(`${shop.url}${path}`), path).toBe('bff-1');
  });

  it('when the API answers a proxied call, then X-Instance is bff-1/api-2', async () => {
    expect(await instanceAt(`${shop.url}/api/products`)).toBe('bff-1/api-2');
    expect(await instanceAt(`${shop.url}/api/no-such-thing`)).toBe('bff-1/api-2');
  });

  it('when a BFF route of its own calls the API (login, session), then X-Instance is bff-1/api-2', async () => {
    const { user } = await api.register();
    const login = await postJson(`${shop.url}/api/users/login`, {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('x-instance')).toBe('bff-1/api-2');
    const session = await fetch(`${shop.url}/api/get-token`, {
      headers: {
        cookie: login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    expect(session.headers.get('x-instance')).toBe('bff-1/api-2');
  });

  it("when a socket.io client opens a polling session through the BFF, then the handshake says bff-1/api-2 and the sid carries the API's prefix", async () => {
    const res = await fetch(`${shop.url}/socket.io/?EIO=4&transport=polling`);
    expect(res.headers.get('x-instance')).toBe('bff-1/api-2');
    expect((JSON.parse((await res.text()).slice(1)) as { sid: string }).sid).toMatch(/^api-2~/);
  });

  it('when a websocket is relayed, then its 101 says bff-1/api-2', async () => {
    expect((await upgradeHeaders(shop.url))['x-instance']).toBe('bff-1/api-2');
  });

  it('when the BFF refuses a websocket itself (a foreign origin), then its answer says bff-1', async () => {
    expect((await upgradeHeaders(shop.url, 'https://evil.example'))['x-instance']).toBe('bff-1');
  });

  it('when the BFF and its API are up, then /readyz says ready; when its API is not reachable, then 503 names the API', async () => {
    expect(await readyz(shop.url)).toEqual({
      status: 200,
      body: { status: 'ready' },
    });
    const orphan = await startTestBff({
      apiUrl: 'http://127.0.0.1:1',
      config: { INSTANCE_ID: 'bff-2' },
    });
    try {
      expect(await readyz(orphan.url)).toEqual({
        status: 503,
        body: { status: 'api unreachable' },
      });
    } finally {
      await orphan.stop();
    }
  });

  it('when it drains, then a request in flight finishes with 200 closing its connection, a new connection is refused and a relayed chat socket sees a transport close (its client keeps reconnecting)', async () => {
    const draining = await startTestBff({
      apiUrl: api.url,
      config: { INSTANCE_ID: 'bff-3' },
    });
    const { user } = await api.register();
    const chat = await connect(draining.url);
    holdOffline(chat);
    const reason = new Promise<string>((resolve) => chat.once('disconnect', resolve));
    try {
      // A login whose body is still on its way when SIGTERM arrives: its headers are in.
      const login = postSlowly(`${draining.url}/api/users/login`, { email: user.email, password: TEST_PASSWORD }, { 'x-csrf': '1' });
      await login.arrived;
      const stopped = draining.bff.stop(5_000);
      expect(await reason).toBe('transport close');
      expect(chat.active).toBe(true);
      await expect(fetch(`${draining.url}/healthz`)).rejects.toThrow();
      // The rest of the body arrives while the BFF drains.
      login.finish();
      const answer = await login.answer;
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-instance']).toBe('bff-3/api-2');
      expect(answer.headers.connection).toBe('close');
      answer.resume();
      await stopped;
    } finally {
      chat.disconnect();
      await draining.stop();
    }
  });

  it('when it drains with a chat on long-polling, then the API keeps the session and the customer, back through another BFF, recovers the answer sent meanwhile', async () => {
    const first = await startTestBff({
      apiUrl: api.url,
      config: { INSTANCE_ID: 'bff-4' },
    });
    const second = await startTestBff({
      apiUrl: api.url,
      config: { INSTANCE_ID: 'bff-5' },
    });
    const balancer = await firstThatAccepts(() => [portOf(first.url), portOf(second.url)]);
    const { socket: adminSocket } = await connectAdmin(api, api.url);
    const shopper = await connect(balancer.url, { transports: ['polling'] });
    try {
      const atCustomer = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
      const polls = openPolls(api.server, shopper.io.engine.id);
      const customerId = shopper.id!;
      expect(await say(shopper, 'Where is my parcel?')).toMatchObject({
        ok: true,
      });
      holdOffline(shopper);
      const gone = new Promise<string>((resolve) => shopper.once('disconnect', resolve));
      // The client's next long-poll is waiting at this BFF, relayed to the API, when the drain begins.
      await until(() => polls() > 0, "the client's long-poll waits at the API");
      await first.bff.stop(5_000);
      expect(['transport close', 'transport error']).toContain(await gone);
      expect(shopper.active).toBe(true);

      expect(
        await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, {
          user: customerId,
          message: 'On its way',
        }),
      ).toMatchObject({ ok: true });
      await comeBack(shopper);
      // The relayed poll's end reaches the API as a premature close: it keeps the session for recovery at once.
      expect(shopper.recovered).toBe(true);
      expect(shopper.id).toBe(customerId);
      await until(() => atCustomer.includes('On its way'), 'the answer sent meanwhile is replayed');
    } finally {
      shopper.disconnect();
      adminSocket.disconnect();
      await balancer.close();
      await first.stop();
      await second.stop();
    }
  });

  it('when it drains while /readyz is being asked, then the answer is 503 draining and closes its connection', async () => {
    // An API whose /readyz answers when the test says, so the BFF's own is in flight when the drain begins.
    const held: http.ServerResponse[] = [];
    let probed = () => undefined as void;
    const slowApi = http.createServer((_req, res) => {
      held.push(res);
      probed();
    });
    await new Promise<void>((resolve) => slowApi.listen(0, '127.0.0.1', resolve));
    const draining = await startTestBff({
      apiUrl: `http://127.0.0.1:${(slowApi.address() as AddressInfo).port}`,
    });
    try {
      const probing = new Promise<void>((resolve) => (probed = resolve));
      const asked = fetch(`${draining.url}/readyz`);
      await probing;
      const stopped = draining.bff.stop(5_000);
      for (const res of held) res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
      const res = await asked;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'draining' });
      expect(res.headers.get('connection')).toBe('close');
      await stopped;
    } finally {
      await draining.stop();
      slowApi.closeAllConnections();
      await new Promise((r) => slowApi.close(r));
    }
  });
});

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('a BFF instance with Redis', () => {
  let redis: RedisServer;
  let api: TestApi;
  let shop: TestBff;
  beforeAll(async () => {
    redis = await startRedisServer();
    api = await startTestApi();
    shop = await startTestBff({
      apiUrl: api.url,
      config: { REDIS_URL: redis.url },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await api?.stop();
    await redis?.stop();
  });

  it('when its Redis stops, then /readyz says 503 naming Redis while /healthz still answers', async () => {
    expect(await readyz(shop.url)).toEqual({
      status: 200,
      body: { status: 'ready' },
    });
    await redis.stop();
    expect(await readyz(shop.url)).toEqual({
      status: 503,
      body: { status: 'redis unreachable' },
    });
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });
});
