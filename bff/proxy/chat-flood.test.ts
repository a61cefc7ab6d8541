import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ClientToAdminPayload } from '#contracts/chat.ts';
import { CHAT_TEXTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { collect, hubTestApi, say, until } from '../../api/testing/sockets.ts';
import { bffSession, startTestBff } from '../testing/bff-harness.ts';
import { type ViaBffOptions, adminViaBff, attemptViaBff } from '../testing/chat-clients.ts';

/*
 * The chat flood through the BFF's public port, as shoppers at different addresses (every
 * 127.x address reaches the loopback): the relay caps websockets by the address it sees, the
 * hub caps every connection by the address the BFF signs. Each test has addresses of its own.
 */
const CAPS = { CHAT_SOCKETS_PER_ADDRESS: 10, CHAT_SOCKETS_PER_SESSION: 2 };
const live = hubTestApi({ config: CAPS, front: (api) => startTestBff({ apiUrl: api.url, config: CAPS }) });

/** A connected socket, or why it was refused: the hub's sentence, or the transport error of a refused upgrade. */
const attempt = (options: ViaBffOptions): Promise<Socket | string> => attemptViaBff(live.front, options, (s) => live.track(s));
const flood = (n: number, options: ViaBffOptions) => Promise.all(Array.from({ length: n }, () => attempt(options)));
const sockets = (results: Array<Socket | string>) => results.filter((r): r is Socket => typeof r !== 'string');
const refusals = (results: Array<Socket | string>) => results.filter((r): r is string => typeof r === 'string');
const chatsFine = async (socket: Socket | string, atAdmin: ClientToAdminPayload[], text: string) => {
  if (typeof socket === 'string') throw new Error(`the other address was refused: ${socket}`);
  expect(await say(socket, text)).toMatchObject({ ok: true });
  await until(() => atAdmin.some((m) => m.message === text), 'the other address reaches the admin');
};

describe('chat flood through the BFF', () => {
  it('when 50 browsers at one address connect at once (polling, then upgrading), then 10 get in and upgrade, the rest read the clear message, and a second address chats', async () => {
    const desk = await adminViaBff(live.t, live.front);
    live.track(desk);
    const atAdmin = collect<ClientToAdminPayload>(desk, SOCKET_EVENTS.serverToAdmin);
    const [results, other] = await Promise.all([
      flood(50, { transport: 'upgrade', localAddress: '127.0.0.61' }),
      attempt({ transport: 'upgrade', localAddress: '127.0.0.62' }),
    ]);
    expect(sockets(results)).toHaveLength(CAPS.CHAT_SOCKETS_PER_ADDRESS);
    expect(refusals(results)).toEqual(Array(40).fill(CHAT_TEXTS.tooManyChats));
    // The relay counts these as websockets once they upgrade, the hub counted them once as connections: none is refused twice over.
    await until(() => sockets(results).every((s) => s.io.engine.transport.name === 'websocket'), 'every admitted socket has upgraded');
    await chatsFine(other, atAdmin, 'hello from next door');

    const answers = await Promise.all(sockets(results).flatMap((s) => [1, 2, 3, 4, 5].map((n) => say(s, `spam ${n}`))));
    await chatsFine(other, atAdmin, 'still fine next door');
    expect(atAdmin.filter((m) => m.message.startsWith('spam'))).toHaveLength(answers.filter((a) => a.ok).length);
  });

  it('when 50 websockets open at once from one address, then the relay lets 10 through and refuses the rest with 429, while a second address connects and chats', async () => {
    const desk = await adminViaBff(live.t, live.front);
    live.track(desk);
    const atAdmin = collect<ClientToAdminPayload>(desk, SOCKET_EVENTS.serverToAdmin);
    const [results, other] = await Promise.all([flood(50, { localAddress: '127.0.0.63' }), attempt({ localAddress: '127.0.0.64' })]);
    expect(sockets(results)).toHaveLength(CAPS.CHAT_SOCKETS_PER_ADDRESS);
    expect(refusals(results)).toEqual(Array(40).fill('Unexpected server response: 429'));
    await chatsFine(other, atAdmin, 'hello over websocket');
  });

  it('when one session opens a third socket, then it is refused with the clear message, at the relay and at the hub', async () => {
    const cookie = await bffSession(live.t, live.front);
    const first = await flood(2, { cookie, transport: 'upgrade', localAddress: '127.0.0.65' });
    expect(refusals(first)).toEqual([]);
    await until(() => sockets(first).every((s) => s.io.engine.transport.name === 'websocket'), 'both have upgraded');
    expect(await attempt({ cookie, transport: 'upgrade', localAddress: '127.0.0.66' })).toBe(CHAT_TEXTS.tooManyWindows);
    expect(await attempt({ cookie, localAddress: '127.0.0.66' })).toBe('Unexpected server response: 429');
  });

  it('when an admin opens more sockets than a shopper may, from one address, then every one gets in', async () => {
    const cookie = await bffSession(live.t, live.front, { admin: true });
    const results = await Promise.all([
      flood(6, { cookie, localAddress: '127.0.0.67' }),
      flood(6, { cookie, transport: 'upgrade', localAddress: '127.0.0.67' }),
    ]);
    expect(results.flatMap(refusals)).toEqual([]);
  });
});
