import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, bffSession, startTestBff } from '../testing/bff-harness.ts';

// Through the BFF to the API's real realtime hub: only an admin's session is treated as admin.
let api: TestApi;
let bff: TestBff;
const sockets: Socket[] = [];

beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff({ apiUrl: api.url });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await bff?.stop();
  await api?.stop();
});

const sessionOf = (admin: boolean) => bffSession(api, bff, { admin });

const adminHandshake = async (transport: 'polling' | 'websocket', cookie?: string) => {
  const socket = io(bff.url, { transports: [transport], extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return (await socket.timeout(5_000).emitWithAck('admin connected with server', 'admin-1')) as { ok: boolean };
};

describe.each(['polling', 'websocket'] as const)('the hub through the BFF over %s', (transport) => {
  it('when an admin session announces itself as admin, then the hub accepts it', async () => {
    expect((await adminHandshake(transport, await sessionOf(true))).ok).toBe(true);
  });

  it('when a customer session or a guest claims to be admin, then the hub refuses', async () => {
    expect((await adminHandshake(transport, await sessionOf(false))).ok).toBe(false);
    expect((await adminHandshake(transport)).ok).toBe(false);
  });
});
