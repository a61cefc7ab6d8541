import { channel } from 'node:diagnostics_channel';
import type { Socket as NetSocket } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { type ChatHandshakeAuth, SOCKET_EVENTS } from '#contracts/chat.ts';
import type { TestApi } from '../../api/testing/api-harness.ts';
import { ack, agentFrom, cut } from '../../api/testing/sockets.ts';
import type { HubServer } from '../../api/realtime/types.ts';
import { bffSession, type TestBff } from './bff-harness.ts';

/**
 * Browser-like chat clients for tests through the BFF: they hold only the BFF's session cookie
 * and send the Origin a page served by the BFF would send; the API's token never reaches them.
 */

export type Transport = 'websocket' | 'polling';

/** A connected socket.io client on the BFF's URL; reconnects quickly so recovery tests stay short. */
export const connectViaBff = async (bff: TestBff, options: ViaBffOptions = {}): Promise<Socket> => {
  const socket = openViaBff(bff, options);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
};

/**
 * `transport` 'upgrade' starts on polling and upgrades to websocket, as browsers do;
 * `localAddress` makes the client another shopper (any 127.x address reaches the loopback);
 * `origin` the page's (the BFF's own by default, or a partner's); `auth` the handshake's.
 */
export type ViaBffOptions = {
  cookie?: string;
  transport?: Transport | 'upgrade';
  localAddress?: string;
  origin?: string;
  auth?: ChatHandshakeAuth;
};

/** A socket.io client on the BFF's URL that is connecting; its connect or connect_error is the caller's to await. */
export const openViaBff = (bff: TestBff, { cookie, transport = 'websocket', localAddress, origin, auth }: ViaBffOptions = {}): Socket =>
  io(bff.url, {
    transports: transport === 'upgrade' ? ['polling', 'websocket'] : [transport],
    ...agentFrom(localAddress),
    extraHeaders: { origin: origin ?? bff.url, ...(cookie ? { cookie } : {}) },
    ...(auth ? { auth } : {}),
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
    forceNew: true,
  });

/**
 * A socket that connects, or why it was refused: the hub's sentence, or the transport error of a
 * refused upgrade (`Unexpected server response: 429`). Every socket opened is handed to `track`.
 */
export const attemptViaBff = (bff: TestBff, options: ViaBffOptions, track: (socket: Socket) => void): Promise<Socket | string> =>
  new Promise((resolve) => {
    const socket = openViaBff(bff, options);
    track(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err: Error & { description?: { message?: string } }) => {
      socket.disconnect();
      resolve(err.description?.message ?? err.message);
    });
  });

/** An admin session's socket through the BFF that has announced itself as a chat admin. */
export const adminViaBff = async (api: TestApi, bff: TestBff, transport: Transport = 'websocket'): Promise<Socket> => {
  const socket = await connectViaBff(bff, { cookie: await bffSession(api, bff, { admin: true }), transport });
  const answer = await ack(socket, SOCKET_EVENTS.adminConnected, 'admin-via-bff');
  if (!answer.ok) throw new Error(`admin could not connect through the BFF: ${answer.message}`);
  return socket;
};

/*
 * Every TCP connection accepted by a server in this process. The BFF keeps its sockets to
 * itself, so this is how a test finds the BFF's end of a client's websocket to cut it.
 */
const accepted = new Set<NetSocket>();
channel('net.server.socket').subscribe((message) => {
  const { socket } = message as { socket: NetSocket };
  accepted.add(socket);
  socket.once('close', () => accepted.delete(socket));
});

type ClientWs = { ws?: { terminate(): void; _socket?: NetSocket } };
const clientWs = (socket: Socket) => (socket.io.engine.transport as unknown as ClientWs).ws!;

// The relay has to pass the drop on to the API: the hub lets the socket go only when it sees it.
const THROUGH_BFF = 'the hub notices the drop through the BFF';

/** The client drops its TCP connection to the BFF (not socket.disconnect()). */
export const cutAtClient = (hub: HubServer, socket: Socket) => cut(hub, socket, () => clientWs(socket).terminate(), THROUGH_BFF);

/** The BFF's end of the client's websocket is destroyed, as when the BFF's side of the line fails. */
export const cutAtBff = (hub: HubServer, bff: TestBff, socket: Socket) =>
  cut(
    hub,
    socket,
    () => {
      const local = clientWs(socket)._socket!;
      const bffPort = Number(new URL(bff.url).port);
      const bffEnd = [...accepted].find((s) => s.localPort === bffPort && s.remotePort === local.localPort);
      if (!bffEnd) throw new Error("the BFF's end of the websocket was not found");
      bffEnd.destroy();
    },
    THROUGH_BFF,
  );
