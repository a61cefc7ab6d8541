import { CHAT_EVENTS, CHAT_TEXTS, SOCKET_EVENTS } from '../../contracts/chat.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import type { ApiContext } from '../context.ts';
import type { Conversation, Conversations } from './conversations.ts';
import type { FloodGuard } from './flood-guard.ts';
import { isChatError, parseAdminClose, parseAdminMessage, parseClientId, parseReplay, parseText } from './payloads.ts';
import type { AdminPresence } from './presence.ts';
import { slidingWindow } from './rate-limit.ts';
import { type Ack, failure, reply, serial } from './reply.ts';
import { ADMINS_ROOM, type HubServer, type HubSocket } from './types.ts';

export type ChatDeps = {
  io: HubServer;
  ctx: ApiContext;
  presence: AdminPresence;
  conversations: Conversations;
  rateLimit: { max: number; windowMs: number };
  flood: FloodGuard;
};

const notAdmin = failure({ code: 'not admin', message: 'Only a logged-in administrator can do that; log in as an admin and reconnect' });
const noConversation = failure({
  code: 'no conversation',
  message: 'That customer has no open conversation with you: they left or the chat was closed',
});

/** Wires one socket's chat events: a customer's messages and, once it proves it is an admin, an admin's. */
export const wireChat = (deps: ChatDeps, socket: HubSocket): void => {
  const { io, ctx, presence, conversations, flood } = deps;
  const allowMessage = slidingWindow(deps.rateLimit.max, deps.rateLimit.windowMs);
  const run = serial(ctx.logger);

  /** `extra`: what came after the payload (the optional client message id), the ack taken off. */
  const on = (event: string, handler: (payload: unknown, ack: Ack | undefined, extra: unknown[]) => Promise<void>, limited = false) => {
    socket.on(event, (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
      // Counted on arrival, before any waiting, so a burst cannot slip past the limit. Admins
      // answer many customers at once: their session, checked at the handshake, exempts them.
      if (limited && !socket.data.user?.isAdmin && !allowMessage()) {
        const { max, windowMs } = deps.rateLimit;
        reply(
          socket,
          ack,
          failure({
            code: 'rate limited',
            message: `Too many messages: at most ${max} every ${windowMs / 1000} s. Wait a moment and send again`,
          }),
        );
        return;
      }
      run(() => handler(args[0], ack, args.slice(1)));
    });
  };

  const isAdmin = async () => Boolean(socket.data.user?.isAdmin) && (await presence.has(socket.id));

  /** The conversation `roomId` if this admin holds it; an admin back on a new socket takes theirs over. */
  const ownConversation = async (roomId: string): Promise<Conversation | undefined> => {
    const conv = await conversations.get(roomId);
    if (!conv || conv.adminSocketId === socket.id) return conv;
    if (conv.adminUserId !== socket.data.user?._id) return undefined;
    await conversations.assign(roomId, { socketId: socket.id, userId: conv.adminUserId! });
    return conv;
  };

  on(
    SOCKET_EVENTS.clientSendsMessage,
    async (payload, ack, [clientIdIn]) => {
      const text = parseText(payload);
      if (isChatError(text)) return reply(socket, ack, failure(text));
      const clientId = parseClientId(clientIdIn);
      if (isChatError(clientId)) return reply(socket, ack, failure(clientId));
      const flooded = await flood.message(socket);
      if (flooded) return reply(socket, ack, failure(flooded));
      if (await presence.has(socket.id)) {
        return reply(
          socket,
          ack,
          failure({ code: 'invalid', message: 'An admin socket answers customers; it cannot open a conversation' }),
        );
      }
      const current = await conversations.get(socket.id);
      let adminSocketId = current?.adminSocketId;
      // An admin whose instance died is gone from presence without a goodbye: choose again.
      if (!adminSocketId || !(await presence.has(adminSocketId))) {
        const admin = await presence.claim(current?.adminUserId);
        if (!admin) {
          socket.emit(SOCKET_EVENTS.noAdmin);
          return reply(socket, ack, failure({ code: 'no admin', message: CHAT_TEXTS.noAdmin }));
        }
        // Only a conversation that would open counts (not a try while no admin is there, nor a
        // customer moved to another admin), so a store's shoppers are not refused for waiting.
        const tooMany = current ? undefined : await flood.conversation(socket);
        if (tooMany) {
          await presence.release(admin.socketId);
          return reply(socket, ack, failure(tooMany));
        }
        await conversations.assign(socket.id, admin);
        adminSocketId = admin.socketId;
      }
      const { entry, repeat } = await conversations.record(socket.id, 'client', text, clientId);
      // A re-sent copy (its first ack was lost with a connection): the admin has it already.
      if (repeat) return reply(socket, ack, { ok: true, id: entry.id });
      const { identity, user } = socket.data;
      const name = identity?.name ?? (user ? `${user.name} ${user.lastName}` : undefined);
      io.to(adminSocketId).emit(SOCKET_EVENTS.serverToAdmin, { user: socket.id, message: text, id: entry.id, ...(name ? { name } : {}) });
      reply(socket, ack, { ok: true, id: entry.id });
    },
    true,
  );

  on(SOCKET_EVENTS.adminConnected, async (_adminId, ack) => {
    const claimed = socket.data.user;
    // Read again now: the handshake may be minutes old.
    const user = claimed ? await liveSessionUser(ctx.db, claimed.sessionId, claimed._id) : null;
    if (!user?.isAdmin) return reply(socket, ack, notAdmin);
    socket.data.user = user;
    await presence.add(socket.id, user._id);
    await socket.join(ADMINS_ROOM);
    reply(socket, ack, { ok: true });
  });

  on(
    SOCKET_EVENTS.adminSendsMessage,
    async (payload, ack, [clientIdIn]) => {
      if (!(await isAdmin())) return reply(socket, ack, notAdmin);
      const body = parseAdminMessage(payload);
      if (isChatError(body)) return reply(socket, ack, failure(body));
      const clientId = parseClientId(clientIdIn);
      if (isChatError(clientId)) return reply(socket, ack, failure(clientId));
      if (!(await ownConversation(body.user))) return reply(socket, ack, noConversation);
      const { entry, repeat } = await conversations.record(body.user, 'admin', body.message, clientId);
      if (repeat) return reply(socket, ack, { ok: true, id: entry.id });
      io.to(body.user).emit(SOCKET_EVENTS.serverToClient, body.message, { id: entry.id });
      reply(socket, ack, { ok: true, id: entry.id });
    },
    true,
  );

  on(SOCKET_EVENTS.adminClosesChat, async (payload, ack) => {
    if (!(await isAdmin())) return reply(socket, ack, notAdmin);
    const body = parseAdminClose(payload);
    if (isChatError(body)) return reply(socket, ack, failure(body));
    if (!(await ownConversation(body.roomId))) return reply(socket, ack, noConversation);
    io.to(body.roomId).emit(SOCKET_EVENTS.adminClosedChat);
    await conversations.close(body.roomId);
    await presence.release(socket.id);
    reply(socket, ack, { ok: true });
  });

  on(CHAT_EVENTS.replay, async (payload, ack) => {
    const body = parseReplay(payload);
    if (isChatError(body)) return reply(socket, ack, failure(body));
    if (!(await isAdmin())) return reply(socket, ack, { ok: true, messages: await conversations.after(socket.id, body.after) });
    if (!body.room) return reply(socket, ack, failure({ code: 'invalid', message: 'room is required: the customer socket id to replay' }));
    if (!(await ownConversation(body.room))) return reply(socket, ack, noConversation);
    reply(socket, ack, { ok: true, messages: await conversations.after(body.room, body.after) });
  });
};
