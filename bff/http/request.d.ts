import type { Logger } from 'pino';
import type { Session } from '../session/session-cookie.ts';

declare global {
  namespace Express {
    interface Request {
      /** Correlates logs across the BFF and the API (x-request-id). */
      requestId: string;
      /** The BFF's logger with this request's id on every line (bff/http/request-log.ts). */
      log: Logger;
      /** The session in the request's cookie, read once by `readSession`; null for guests. */
      session?: Session | null;
      /** The guest chat cookie of a shop page's /socket.io request (bff/session/chat-visitor-cookie.ts). */
      chatVisitor?: string | undefined;
    }
  }
}
