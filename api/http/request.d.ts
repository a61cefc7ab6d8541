import type { AuthUser } from '../auth/types.ts';

declare global {
  namespace Express {
    interface Request {
      /** Correlates logs across the BFF and the API (x-request-id). */
      requestId: string;
      /** Set by `authenticate` when a live session backs the request's token. */
      user?: AuthUser;
    }
  }
}
