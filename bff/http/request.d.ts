import type { Session } from '../session/session-cookie.ts';

declare global {
  namespace Express {
    interface Request {
      /** Correlates logs across the BFF and the API (x-request-id). */
      requestId: string;
      /** The session in the request's cookie, read once by `readSession`; null for guests. */
      session?: Session | null;
    }
  }
}
