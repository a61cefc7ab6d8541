import { CHAT_VISITOR_HEADER } from '../../contracts/internal.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import { verifyToken } from '../auth/token.ts';
import type { ApiContext } from '../context.ts';
import { internalCaller } from '../http/internal-caller.ts';
import { ownerOf } from './conversation-owner.ts';
import type { Conversations } from './conversations.ts';
import { verifyIdentity } from './identify.ts';
import type { HubSocket } from './types.ts';

/**
 * Whether the client asks for a conversation that outlives its socket: `auth.keep`, or the
 * `auth.conversation` that pages loaded before decision 013 still send (its value is ignored).
 */
const wantsKept = (auth: { keep?: unknown; conversation?: unknown }): boolean => auth.keep === true || auth.conversation !== undefined;

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
      const auth = (socket.handshake.auth ?? {}) as { identify?: unknown; conversation?: unknown; keep?: unknown };
      const identity = verifyIdentity(auth.identify, ctx);
      socket.data.identity = typeof identity === 'object' ? identity : undefined;
      socket.data.identifyError = typeof identity === 'string' ? identity : undefined;
      // The guest cookie counts only as the BFF forwards it: its proof says the header is its own.
      const visitor = caller ? socket.request.headers[CHAT_VISITOR_HEADER] : undefined;
      const owner = wantsKept(auth)
        ? ownerOf({ user: socket.data.user, identity: socket.data.identity, visitor: typeof visitor === 'string' ? visitor : undefined })
        : undefined;
      // Without a proof the conversation is the socket's own, as for the spec's client.
      socket.data.conversation = owner ? await conversations.ownedBy(owner) : undefined;
      next();
    } catch (err) {
      ctx.logger.error({ err }, 'chat handshake failed');
      next(new Error('The chat is unavailable right now. Please try again in a moment.'));
    }
  };
