import { CHAT_VISITOR_HEADER } from '#server/internal.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import { verifyToken } from '../auth/token.ts';
import type { ApiContext } from '../context.ts';
import { internalCaller } from '../http/internal-caller.ts';
import { newVisitorToken, type OwnerProofs, ownerOf } from './conversation-owner.ts';
import type { Conversations } from './conversations.ts';
import { verifyIdentity } from './identify.ts';
import type { HubSocket } from './types.ts';

/**
 * Whether the client asks for a conversation that outlives its socket: `auth.keep`, or the
 * `auth.conversation` that pages loaded before decision 013 still send (its value is ignored).
 */
const wantsKept = (auth: { keep?: unknown; conversation?: unknown }): boolean => auth.keep === true || auth.conversation !== undefined;

/**
 * The conversation of a socket that asks to keep one. Without any proof it gets a visitor token
 * ('chat visitor', sent on connecting) that proves it next time; a recovered socket that was
 * given one stays in its conversation (it is the same socket, whatever its client presents).
 */
const keptConversation = async (socket: HubSocket, conversations: Conversations, proofs: OwnerProofs): Promise<string> => {
  const owner = ownerOf(proofs);
  if (owner) {
    socket.data.anonymous = undefined;
    // A partner's guest identified mid-conversation presents both: the identity takes the guest's conversation on.
    if (!proofs.identity || !proofs.token) return conversations.ownedBy(owner);
    const id = await conversations.ownedBy(owner, ownerOf({ token: proofs.token }));
    // The admin now sees who the guest was.
    await conversations.know(id, { name: proofs.identity.name, email: proofs.identity.email });
    return id;
  }
  if (socket.recovered && socket.data.anonymous && socket.data.conversation) return socket.data.conversation;
  const token = newVisitorToken();
  socket.data.anonymous = { token };
  return conversations.ownedBy(ownerOf({ token })!);
};

/**
 * Settles who is on the socket from `Authorization: Bearer <token>` (the BFF adds it from its
 * session cookie) and a partner's signed `auth.identify`, and which conversation it is in: the
 * one the hub issued to its proof, never an id the client names (decision 013). Runs on
 * recovered reconnections too (skipMiddlewares is off), so a restored socket is re-checked
 * against the database.
 */
export const handshake =
  (ctx: ApiContext, conversations: Conversations) =>
  async (socket: HubSocket, next: (err?: Error) => void): Promise<void> => {
    try {
      const caller = internalCaller(socket.request.headers, ctx.config.INTERNAL_SECRET);
      socket.data.address = caller?.address ?? socket.request.socket.remoteAddress ?? 'unknown';
      const header = socket.handshake.headers.authorization;
      const claims = header?.startsWith('Bearer ') ? await verifyToken(header.slice(7), ctx.config.TOKEN_SECRET) : null;
      socket.data.user = claims ? ((await liveSessionUser(ctx.db, claims.sid, claims._id)) ?? undefined) : undefined;
      const auth = (socket.handshake.auth ?? {}) as { identify?: unknown; conversation?: unknown; keep?: unknown; visitor?: unknown };
      const identity = verifyIdentity(auth.identify, ctx);
      socket.data.identity = typeof identity === 'object' ? identity : undefined;
      socket.data.identifyError = typeof identity === 'string' ? identity : undefined;
      // The guest cookie counts only as the BFF forwards it: its proof says the header is its own.
      const cookie = caller ? socket.request.headers[CHAT_VISITOR_HEADER] : undefined;
      const proofs = {
        user: socket.data.user,
        identity: socket.data.identity,
        visitor: typeof cookie === 'string' ? cookie : undefined,
        token: typeof auth.visitor === 'string' ? auth.visitor : undefined,
      };
      socket.data.conversation = wantsKept(auth) ? await keptConversation(socket, conversations, proofs) : undefined;
      next();
    } catch (err) {
      ctx.logger.error({ err }, 'chat handshake failed');
      next(new Error('The chat is unavailable right now. Please try again in a moment.'));
    }
  };
