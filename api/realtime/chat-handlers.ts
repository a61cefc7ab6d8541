import { type ChatAdmin, CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import { queueChatReplyMail } from '../components/mail/chat-reply-mail.ts';
import type { ApiContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { mayAnswer } from './conversation-rules.ts';
import type { Conversations, Customer } from './conversations.ts';
import type { FloodGuard } from './flood-guard.ts';
import { isChatError, parseAdminClose, parseAdminMessage, parseClientId, parseReplay, parseText } from './payloads.ts';
import type { AdminPresence } from './presence.ts';
import { slidingWindow } from './rate-limit.ts';
import type { Screens } from './screen-handlers.ts';
import { type Ack, failure, notAdmin, reply, serial } from './reply.ts';
import { ADMINS_ROOM, conversationOf, type HubServer, type HubSocket } from './types.ts';
import { countApiRefusal, countChatRelayed } from '#server/metrics.ts';

export type ChatDeps = {
  io: HubServer;
  ctx: ApiContext;
  presence: AdminPresence;
  conversations: Conversations;
  rateLimit: { max: number; windowMs: number };
  flood: FloodGuard;
  /** The shared screens: a closed conversation's sharing ends with it. */
  screens?: Pick<Screens, 'opened' | 'ended'>;
};

const noConversation = failure({
  code: 'no conversation',
  message: 'That customer has no open conversation: it was closed, or they left',
});
const taken = (holder: ChatAdmin) => failure({ code: 'taken', message: `${holder.name} is answering this customer` });

/** Who the customer is, when the hub knows: a partner's identified visitor, or a logged-in shopper. */
const customerOf = (socket: HubSocket): Customer => {
  const { identity, user } = socket.data;
  if (identity) return { name: identity.name, email: identity.email };
  return user ? { name: `${user.name} ${user.lastName}`, email: user.email, userId: user._id } : {};
};

const UNAVAILABLE = failure({
  code: 'unavailable',
  message: 'The chat is unavailable right now: your message was not sent. Please try again in a moment.',
});

/**
 * Whether none of the customer's sockets is in the conversation now (they left, or their
 * connection dropped): then an admin's reply is mailed to them when the rules allow (a logged-in
 * customer, at most once an hour per conversation: chat-reply-mail.ts, decision 024). Asked
 * before the reply is written, so the reply and its mail commit in one transaction and no
 * transaction waits on the adapter; an instance that cannot say who is connected mails nothing.
 */
const customerAway = async ({ io, ctx }: ChatDeps, conversation: string): Promise<boolean> => {
  try {
    return (await io.in(conversation).fetchSockets()).length === 0;
  } catch (err) {
    ctx.logger.warn({ err, conversation }, 'chat reply not mailed: could not tell whether the customer is connected');
    return false;
  }
};

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
        countApiRefusal('chat-messages-per-socket');
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
      // Messages are kept in the database before their ack (decision 018): while it is away the
      // sender hears so at once, rather than waiting on an ack that never comes.
      run(() =>
        handler(args[0], ack, args.slice(1)).catch((err: unknown) => {
          ctx.logger.error({ err, event }, 'chat handler failed');
          reply(socket, ack, UNAVAILABLE);
        }),
      );
    });
  };

  /** This socket's admin, if it announced itself and its session is an admin's. */
  const admin = async (): Promise<ChatAdmin | undefined> => {
    const user = socket.data.user;
    if (!user?.isAdmin || !(await presence.has(socket.id))) return undefined;
    return { id: user._id, name: `${user.name} ${user.lastName}` };
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
      const id = conversationOf(socket);
      // Committed before the ack: a message the customer saw acknowledged survives any restart.
      // One statement while the conversation is open; the first message opens it.
      let recorded = await conversations.record(id, 'client', text, clientId);
      if (!recorded) {
        const tooMany = await flood.conversation(socket);
        if (tooMany) return reply(socket, ack, failure(tooMany));
        await conversations.open(id, customerOf(socket));
        recorded = await conversations.record(id, 'client', text, clientId);
      }
      if (!recorded) return reply(socket, ack, noConversation);
      const { entry, repeat, name, waitingSince } = recorded;
      // A re-sent copy (its first ack was lost with a connection): the admins have it already.
      if (repeat) return reply(socket, ack, { ok: true, id: entry.id });
      countChatRelayed();
      // Every admin tab hears it; kept either way, so an admin who comes later reads it.
      io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.serverToAdmin, {
        user: id,
        message: text,
        id: entry.id,
        ...(name ? { name } : {}),
        ...(waitingSince ? { waitingSince } : {}),
      });
      if (!(await presence.online())) socket.emit(SOCKET_EVENTS.noAdmin);
      deps.screens?.opened(id);
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

  on(CHAT_EVENTS.conversations, async (_payload, ack) => {
    const me = await admin();
    if (!me) return reply(socket, ack, notAdmin);
    const answer = { ok: true as const, you: me.id, conversations: await conversations.list() };
    if (ack) ack(answer);
  });

  on(
    SOCKET_EVENTS.adminSendsMessage,
    async (payload, ack, [clientIdIn]) => {
      const me = await admin();
      if (!me) return reply(socket, ack, notAdmin);
      const body = parseAdminMessage(payload);
      if (isChatError(body)) return reply(socket, ack, failure(body));
      const clientId = parseClientId(clientIdIn);
      if (isChatError(clientId)) return reply(socket, ack, failure(clientId));
      // The first admin to answer takes the conversation; the same admin's other tabs may go on.
      const holder = await conversations.take(body.user, me);
      if (!holder) return reply(socket, ack, noConversation);
      if (holder.id !== me.id) return reply(socket, ack, taken(holder));
      let mailed = false;
      const queueMail = async (tx: Queryable) => {
        mailed = await queueChatReplyMail(tx, body.user);
      };
      const away = await customerAway(deps, body.user);
      const recorded = await conversations.record(body.user, 'admin', body.message, clientId, away ? queueMail : undefined);
      if (!recorded) return reply(socket, ack, noConversation);
      const { entry, repeat } = recorded;
      if (repeat) return reply(socket, ack, { ok: true, id: entry.id });
      if (mailed) ctx.logger.info({ conversation: body.user }, 'chat reply queued by mail: the customer had left');
      countChatRelayed();
      io.to(body.user).emit(SOCKET_EVENTS.serverToClient, body.message, { id: entry.id });
      io.to(ADMINS_ROOM).except(socket.id).emit(CHAT_EVENTS.answered, { user: body.user, message: body.message, id: entry.id, by: holder });
      reply(socket, ack, { ok: true, id: entry.id });
    },
    true,
  );

  on(SOCKET_EVENTS.adminClosesChat, async (payload, ack) => {
    const me = await admin();
    if (!me) return reply(socket, ack, notAdmin);
    const body = parseAdminClose(payload);
    if (isChatError(body)) return reply(socket, ack, failure(body));
    const conversation = await conversations.get(body.roomId);
    if (!conversation) return reply(socket, ack, noConversation);
    if (conversation.takenBy && !mayAnswer(conversation.takenBy, me)) return reply(socket, ack, taken(conversation.takenBy));
    io.to(body.roomId).emit(SOCKET_EVENTS.adminClosedChat);
    deps.screens?.ended(body.roomId);
    // Every admin tab drops its panel, as for a customer who left.
    if (await conversations.end(body.roomId)) {
      io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.disconnected, { reason: 'admin closed chat', socketId: body.roomId });
    }
    reply(socket, ack, { ok: true });
  });

  on(CHAT_EVENTS.replay, async (payload, ack) => {
    const body = parseReplay(payload);
    if (isChatError(body)) return reply(socket, ack, failure(body));
    if (!(await admin())) return reply(socket, ack, { ok: true, messages: await conversations.after(conversationOf(socket), body.after) });
    if (!body.room) return reply(socket, ack, failure({ code: 'invalid', message: "room is required: the conversation's id to replay" }));
    if (!(await conversations.get(body.room))) return reply(socket, ack, noConversation);
    reply(socket, ack, { ok: true, messages: await conversations.after(body.room, body.after) });
  });
};
