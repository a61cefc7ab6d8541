import { CHAT_CONVERSATION_ID } from '../../contracts/chat.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import { verifyToken } from '../auth/token.ts';
import type { ApiContext } from '../context.ts';
import { callerAddress } from '../http/internal-caller.ts';
import { verifyIdentity } from './identify.ts';
import type { HubSocket } from './types.ts';

/**
 * Settles who is on the socket from `Authorization: Bearer <token>` (the BFF adds it from its
 * session cookie) and a partner's signed `auth.identify`. Runs on recovered reconnections too
 * (skipMiddlewares is off), so a restored socket is re-checked against the database.
 */
export const handshake =
  (ctx: ApiContext) =>
  async (socket: HubSocket, next: (err?: Error) => void): Promise<void> => {
    try {
      socket.data.address = callerAddress(socket.request, ctx.config.INTERNAL_SECRET);
      const header = socket.handshake.headers.authorization;
      const claims = header?.startsWith('Bearer ') ? await verifyToken(header.slice(7), ctx.config.TOKEN_SECRET) : null;
      socket.data.user = claims ? ((await liveSessionUser(ctx.db, claims.sid, claims._id)) ?? undefined) : undefined;
      const auth = (socket.handshake.auth ?? {}) as { identify?: unknown; conversation?: unknown };
      // Anything else (none, malformed) leaves the conversation keyed by the socket id.
      socket.data.conversation =
        typeof auth.conversation === 'string' && CHAT_CONVERSATION_ID.test(auth.conversation) ? auth.conversation : undefined;
      const identity = verifyIdentity(auth.identify, ctx);
      socket.data.identity = typeof identity === 'object' ? identity : undefined;
      socket.data.identifyError = typeof identity === 'string' ? identity : undefined;
      next();
    } catch (err) {
      ctx.logger.error({ err }, 'chat handshake failed');
      next(new Error('The chat is unavailable right now. Please try again in a moment.'));
    }
  };
