/**
 * Support chat through npm start's public port, as a browser holds it: a guest with the shop's
 * chat cookie (sf_chat, decision 013) and the demo admin logged in through the BFF.
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENTS, type ChatAck, type ChatConversationsAck, type ChatReplayAck, SOCKET_EVENTS } from '#contracts/chat.ts';

/** A guest's chat cookie, as the BFF issues it on the first polling request (256 random bits). */
export const guestChatCookie = (): string => `sf_chat=${randomBytes(32).toString('base64url')}`;

const emit = <T>(socket: Socket, event: string, ...args: unknown[]): Promise<T> =>
  socket.timeout(10_000).emitWithAck(event, ...args) as Promise<T>;

/** A socket of the shop's page at `url` holding `cookie` (none: a visitor the hub gives a token), asking to keep its conversation. */
export const shopSocket = async (url: string, cookie: string): Promise<Socket> => {
  const socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { origin: url, ...(cookie ? { cookie } : {}) },
    auth: { keep: true },
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
};

/** The guest writes `text`; answers the hub's ack. */
export const guestSays = (socket: Socket, text: string): Promise<ChatAck> => emit(socket, SOCKET_EVENTS.clientSendsMessage, text);

/** What the guest's panel reloads: its conversation's messages. */
export const guestReplay = (socket: Socket): Promise<ChatReplayAck> => emit(socket, CHAT_EVENTS.replay, { after: 0 });

/** The demo admin (admin@admin.com) logs in through the shop and lists every open conversation, as the chat page does. */
export const adminConversations = async (url: string): Promise<ChatConversationsAck> => {
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: url },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'admin@admin.com' }),
  });
  if (login.status !== 200) throw new Error(`the demo admin's login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const socket = await shopSocket(url, cookie);
  try {
    const announced = await emit<ChatAck>(socket, SOCKET_EVENTS.adminConnected, 'restart-test');
    if (!announced.ok) throw new Error(`the admin was refused: ${announced.message}`);
    return await emit<ChatConversationsAck>(socket, CHAT_EVENTS.conversations, {});
  } finally {
    socket.disconnect();
  }
};
