import type { Logger } from 'pino';
import type { AuthUser } from '../auth/types.ts';

declare global {
  namespace Express {
    interface Request {
      /** Correlates logs across the BFF and the API (x-request-id). */
      requestId: string;
      /** The API's logger with this request's id on every line (server/request-log.ts). */
      log: Logger;
      /** Set by `authenticate` when a live session backs the request's token. */
      user?: AuthUser;
      /** The shopper's address: signed by the BFF, else the connection's (api/http/internal-caller.ts). */
      clientAddress: string;
      /** `session` only on the BFF's own session calls, the only ones that may get a token. */
      bffPurpose?: 'session' | 'proxy';
    }
  }
}
