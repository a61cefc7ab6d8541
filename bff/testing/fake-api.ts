import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Recorded = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export const FAKE_PASSWORD = 'right-password';

export type FakeApi = {
  url: string;
  server: http.Server;
  requests: Recorded[];
  /** Answers every request held under /api/slow. */
  answerSlow(): void;
  stop(): Promise<void>;
};

/**
 * A stand-in for the API that records every request it receives. Login succeeds with
 * FAKE_PASSWORD (emails starting with "admin" are admins) and answers a token naming the
 * email; GET /api/session answers the token's user until GET /api/logout ends it (401 then);
 * PUT /api/users/profile with a `password` but a `currentPassword` other than FAKE_PASSWORD
 * (or DELETE /api/users/profile, POST /api/users/profile/check-password with any other) answers the API's 400 with its auth-failure header; any other path answers 200
 * `{ reached: true }` (under /api/slow only once the test calls `answerSlow()`).
 */
export const startFakeApi = async (): Promise<FakeApi> => {
  const requests: Recorded[] = [];
  const slow: http.ServerResponse[] = [];
  let issued = 0;
  const sessions = new Map<string, { _id: string; email: string }>();
  const bearer = (req: http.IncomingMessage) => req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/api/users/login') {
        const { email, password } = JSON.parse(body || '{}') as {
          email?: string;
          password?: string;
        };
        if (password !== FAKE_PASSWORD) {
          res.statusCode = 401;
          return void res.end(JSON.stringify({ message: 'wrong credentials' }));
        }
        const user = {
          _id: '00000000-0000-4000-8000-000000000001',
          name: 'A',
          lastName: 'B',
          email,
          isAdmin: email?.startsWith('admin') ?? false,
        };
        issued += 1;
        const token = `upstream-token-${email}-${issued}`;
        // One id per email, so every session of an account is the same user.
        sessions.set(token, { _id: `user-${email}`, email: email ?? '' });
        return void res.end(
          JSON.stringify({
            success: 'user logged in',
            userLoggedIn: { ...user, doNotLogout: false },
            token,
          }),
        );
      }
      if (req.url === '/api/session') {
        const user = sessions.get(bearer(req));
        res.statusCode = user ? 200 : 401;
        return void res.end(
          JSON.stringify(
            user
              ? {
                  user: {
                    ...user,
                    name: 'A',
                    lastName: 'B',
                    isAdmin: user.email.startsWith('admin'),
                  },
                }
              : { message: 'Please log in first' },
          ),
        );
      }
      if (req.url === '/api/logout') sessions.delete(bearer(req));
      // A profile change with a new password, or the account's deletion, asks for the current one.
      const asksPassword = req.method === 'DELETE' || req.url === '/api/users/profile/check-password';
      if (
        ((req.method === 'PUT' || req.method === 'DELETE') && req.url === '/api/users/profile') ||
        (req.method === 'POST' && req.url === '/api/users/profile/check-password')
      ) {
        const { password, currentPassword } = JSON.parse(body || '{}') as {
          password?: string;
          currentPassword?: string;
        };
        if ((password || asksPassword) && currentPassword !== FAKE_PASSWORD) {
          res.statusCode = 400;
          res.setHeader('x-statefront-auth-failure', 'current-password');
          return void res.end(
            JSON.stringify({
              message: 'Your current password is not correct',
              field: 'currentPassword',
            }),
          );
        }
      }
      // A held answer, to catch requests in flight (graceful shutdown).
      if (req.url?.startsWith('/api/slow')) return void slow.push(res);
      res.end(JSON.stringify({ reached: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    requests,
    answerSlow() {
      for (const res of slow.splice(0)) res.end(JSON.stringify({ reached: true }));
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
