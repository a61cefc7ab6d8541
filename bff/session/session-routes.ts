import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { GetTokenResponse, LoginResponse, RegisterResponse, UserInfo } from '#contracts/user.ts';
import { loginLimiter } from '../http/rate-limits.ts';
import type { ApiClient } from './api-client.ts';
import { clearChatVisitor, readChatVisitor } from './chat-visitor-cookie.ts';
import type { EndedSessions } from './ended-sessions.ts';
import type { SessionCookies } from './session-cookie.ts';

/**
 * What /api/get-token shows instead of the upstream token: the role, in the words the spec's own
 * client's admin guard reads (`token === 'admin'`), nothing secret.
 */
const roleMarker = (isAdmin: boolean): GetTokenResponse['token'] => (isAdmin ? 'admin' : 'not admin');

type Upstream = { success?: string; userLoggedIn?: UserInfo; userCreated?: UserInfo; token?: unknown };

export type SessionRoutesOptions = {
  callApi: ApiClient;
  cookies: SessionCookies;
  isTls: (req: Request) => boolean;
  /** The failed-login limiter (shared counters with REDIS_URL); a per-instance one by default. */
  loginLimit?: RequestHandler;
  /** Counts new accounts per network (registration-limit.ts); none by default. */
  registrationLimit?: RequestHandler;
  /** Where logouts go: ended here at once, at the API as soon as it confirms. */
  ended: EndedSessions;
};

/**
 * The BFF's own routes: login and register keep the API's token in a fresh encrypted cookie
 * and answer the spec's body without it; get-token and logout read that cookie; a guest's
 * GET /api/session is answered here.
 */
export const sessionRoutes = ({
  callApi,
  cookies,
  isTls,
  loginLimit = loginLimiter(),
  registrationLimit = (_req, _res, next) => next(),
  ended,
}: SessionRoutesOptions): Router => {
  const router = Router();
  const json = express.json({ limit: '20kb' });

  /**
   * A login or a logout (the kiosk's reset logs out too) drops the guest chat cookie: whoever
   * chats on this browser next starts another conversation (decision 013).
   */
  const forgetChatVisitor = (req: Request, res: Response) => {
    if (readChatVisitor(req.headers.cookie)) res.append('set-cookie', clearChatVisitor(isTls(req)));
  };

  const startSession = async (req: Request, res: Response, token: unknown, user: UserInfo | undefined, doNotLogout: boolean) => {
    if (typeof token !== 'string' || !user) throw new Error('The API answered a login without a token');
    // The browser's previous session is replaced: end it at the API too, so its token dies with it.
    if (req.session) await ended.end(req, req.session.token);
    res.append('set-cookie', await cookies.issue({ token, doNotLogout, isAdmin: user.isAdmin }, isTls(req)));
    forgetChatVisitor(req, res);
  };

  router.post('/users/login', json, loginLimit, async (req, res) => {
    const { status, body } = await callApi(req, '/api/users/login', { method: 'POST', body: req.body });
    if (status !== 200) return void res.status(status).json(body);
    const { success, userLoggedIn, token } = body as Upstream;
    await startSession(req, res, token, userLoggedIn, userLoggedIn?.doNotLogout === true);
    res.json({ success, userLoggedIn } as LoginResponse);
  });

  router.post('/users/register', json, registrationLimit, async (req, res) => {
    const { status, body } = await callApi(req, '/api/users/register', { method: 'POST', body: req.body });
    if (status !== 201) return void res.status(status).json(body);
    const { success, userCreated, token } = body as Upstream;
    await startSession(req, res, token, userCreated, false);
    res.status(201).json({ success, userCreated } as RegisterResponse);
  });

  // A reset link that works logs its customer in here, as a login does.
  router.post('/users/reset-password', json, loginLimit, async (req, res) => {
    const { status, body } = await callApi(req, '/api/users/reset-password', { method: 'POST', body: req.body });
    if (status !== 200) return void res.status(status).json(body);
    const { success, userLoggedIn, token } = body as Upstream;
    await startSession(req, res, token, userLoggedIn, false);
    res.json({ success, userLoggedIn } as LoginResponse);
  });

  router.get('/get-token', async (req, res) => {
    const session = req.session;
    if (session) {
      const { status, body } = await callApi(req, '/api/session', { token: session.token });
      if (status === 200) {
        const { user } = body as { user: UserInfo };
        return void res.json({ token: roleMarker(user.isAdmin), isAdmin: user.isAdmin } satisfies GetTokenResponse);
      }
      if (status !== 401) return void res.status(status).json(body);
      res.append('set-cookie', cookies.clear(isTls(req)));
    }
    res.status(401).json({ message: 'Please log in first' });
  });

  // Without a session there is nobody to ask about: the spec's 401 at once, even while the API is
  // down (a guest's first restore must not read as an outage). With one, the proxy asks the API.
  router.get('/session', (req, res, next) => {
    if (req.session) return next();
    res.status(401).json({ message: 'Please log in first' });
  });

  // Logging out without a session, or twice, or while the API cannot answer, still ends in a
  // logged-out browser: 200 (the API is told as soon as it can be: ended-sessions.ts).
  router.get('/logout', async (req, res) => {
    if (req.session) await ended.end(req, req.session.token);
    res.append('set-cookie', cookies.clear(isTls(req)));
    forgetChatVisitor(req, res);
    res.json({ message: 'logged out' });
  });

  return router;
};
