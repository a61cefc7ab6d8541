import { Server } from 'socket.io';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';

type Hello = { authorization: string | null; cookie: string | null };

const PARTNER = 'https://partner.example';
let upstream: FakeApi;
let realtime: Server;
let bff: TestBff;
const sockets: Socket[] = [];

beforeAll(async () => {
  upstream = await startFakeApi();
  // A plain socket.io server standing in for the API's hub: it tells each client what its handshake carried.
  realtime = new Server(upstream.server);
  realtime.on('connection', (socket) => {
    const { authorization, cookie } = socket.handshake.headers;
    socket.emit('hello', { authorization: authorization ?? null, cookie: cookie ?? null } satisfies Hello);
  });
  bff = await startTestBff({ apiUrl: upstream.url, config: { PARTNER_ORIGINS: [PARTNER] } });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await bff?.stop();
  upstream?.server.closeAllConnections();
  await realtime?.close();
  await upstream?.stop();
});

const loginCookie = async (email: string) => cookieFrom(await postJson(`${bff.url}/api/users/login`, { email, password: FAKE_PASSWORD }));

const connect = (transport: 'polling' | 'websocket', headers: Record<string, string>) => {
  const socket = io(bff.url, { transports: [transport], extraHeaders: headers, reconnection: false, forceNew: true, timeout: 5_000 });
  sockets.push(socket);
  return socket;
};

const hello = (socket: Socket) =>
  new Promise<Hello>((resolve, reject) => {
    socket.once('hello', resolve);
    socket.once('connect_error', reject);
  });

const refused = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(false));
    socket.once('connect_error', () => resolve(true));
  });

describe.each(['polling', 'websocket'] as const)('socket relay over %s', (transport) => {
  it('when a guest connects, then it reaches the hub without a token or cookie', async () => {
    const seen = await hello(connect(transport, {}));
    expect(seen).toEqual({ authorization: null, cookie: null });
  });

  it('when a user connects with a session, then the hub gets that user’s token and no cookie', async () => {
    const cookie = await loginCookie(`user-${transport}@shop.test`);
    const seen = await hello(connect(transport, { cookie }));
    expect(seen.authorization).toMatch(new RegExp(`^Bearer upstream-token-user-${transport}@shop\\.test-\\d+$`));
    expect(seen.cookie).toBeNull();
  });

  it('when an admin and a user connect, then each handshake carries its own session’s token', async () => {
    const [admin, user] = await Promise.all([loginCookie(`admin-${transport}@shop.test`), loginCookie(`plain-${transport}@shop.test`)]);
    const [a, u] = await Promise.all([hello(connect(transport, { cookie: admin })), hello(connect(transport, { cookie: user }))]);
    expect(a.authorization).toContain(`upstream-token-admin-${transport}@`);
    expect(u.authorization).toContain(`upstream-token-plain-${transport}@`);
  });

  it('when a partner site connects, then it is let through', async () => {
    const seen = await hello(connect(transport, { origin: PARTNER }));
    expect(seen.authorization).toBeNull();
  });

  it('when a foreign site connects, then it is refused', async () => {
    expect(await refused(connect(transport, { origin: 'https://evil.example' }))).toBe(true);
  });
});
