import { randomBytes } from 'node:crypto';
import http from 'node:http';

/** Spellings of a path and raw HTTP to send them with (shared by the security suites, not a test file). */

export type Spelling = { kind: string; target: string };

/**
 * Every way to spell a canonical path that some server on the way might read as the same route:
 * at each separator `//`, `/./`, `/x/../`, `/x/%2e%2e/`, and (between words) `%2F`, `%2f`, `\`;
 * a trailing `/`; upper case; `;x` after each fixed word; a full URL, `//host` and a fragment.
 * Parameter values (segments holding `%` or a digit) keep their spelling and case.
 */
export const spellingsOf = (path: string, origin: string, query = ''): Spelling[] => {
  const words = path.slice(1).split('/');
  const fixed = (word: string) => !/[%\d]/.test(word);
  const joined = (ws: string[], separator: (i: number) => string = () => '/') => ws.map((w, i) => separator(i) + w).join('');
  const at = (kind: string, sep: string, from = 0): Spelling[] =>
    words.slice(from).map((_, j) => ({ kind, target: joined(words, (i) => (i === j + from ? sep : '/')) + query }));
  const cased = (change: (w: string, i: number) => string) => joined(words.map((w, i) => (fixed(w) ? change(w, i) : w))) + query;
  return [
    { kind: 'canonical', target: path + query },
    ...at('//', '//'),
    ...at('/./', '/./'),
    ...at('/x/../', '/x/../'),
    ...at('/x/%2e%2e/', '/x/%2e%2e/'),
    ...at('%2F', '%2F', 1),
    ...at('%2f', '%2f', 1),
    ...at('\\', '\\', 1),
    { kind: 'trailing /', target: `${path}/${query}` },
    { kind: 'upper case', target: cased((w, i) => (i === 0 ? w.toUpperCase() : w)) },
    { kind: 'upper case', target: cased((w) => w.toUpperCase()) },
    { kind: 'upper case', target: cased((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))) },
    ...words.flatMap((w, j) =>
      fixed(w) ? [{ kind: ';param', target: joined(words.map((v, i) => (i === j ? `${v};x` : v))) + query }] : [],
    ),
    { kind: 'full URL', target: `${origin}${path}${query}` },
    { kind: '//host', target: `//evil.example${path}${query}` },
    { kind: '#fragment', target: `${path}${query}#x` },
  ];
};

export type Answer = { status: number; text: string; json: unknown; setCookie: string[] };

/** One request with node:http, which sends `target` byte for byte: no folding, no dot resolution. */
export const rawCall = (
  base: string,
  {
    method,
    target,
    cookie,
    body,
    localAddress,
  }: { method: string; target: string; cookie?: string; body?: unknown; localAddress?: string },
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const headers: Record<string, string> = {
      'x-csrf': '1',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const req = http.request({ host: hostname, port, method, path: target, headers, localAddress }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json, setCookie: res.headers['set-cookie'] ?? [] });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

/** The session cookie an answer sets, ready for a Cookie header ('' when it sets none). */
export const sessionCookie = (answer: Answer): string =>
  answer.setCookie
    .map((c) => c.split(';')[0]!)
    .filter((pair) => /sf_session=./.test(pair))
    .join('; ');

/** What GET /api/get-token may answer in `token`: markers of a session, never a credential. */
const MARKERS = new Set(['bff-session', 'admin', 'not admin']);

/** True when a body holds no token: no `eyJ` (a JWT's start) and no "token" but a marker. */
export const noTokenIn = (text: string): boolean => {
  if (text.includes('eyJ')) return false;
  let leaked = false;
  try {
    JSON.parse(text, (key, value: unknown) => {
      if (key === 'token' && !(typeof value === 'string' && MARKERS.has(value))) leaked = true;
      return value;
    });
  } catch {
    return !/"token"/.test(text);
  }
  return !leaked;
};

/**
 * Wrong passwords by each spelling in turn until 11 reached a password check (not 400), then
 * the right password by every spelling. `checked` holds the statuses of the checked tries.
 */
export const loginLimitRun = async (
  spellings: Spelling[],
  rightPassword: string,
  send: (target: string, password: string) => Promise<Answer>,
) => {
  const checked: number[] = [];
  let refused = 0;
  for (let i = 0; checked.length < 11 && i < spellings.length * 11; i += 1) {
    const { status } = await send(spellings[i % spellings.length]!.target, 'wrong-password');
    if (status === 400) refused += 1;
    else checked.push(status);
  }
  const afterwards: number[] = [];
  for (const s of spellings) afterwards.push((await send(s.target, rightPassword)).status);
  return { checked, refused, afterwards };
};

/** A websocket handshake on a raw socket; answers the status of the BFF's reply (101 when switched). */
export const rawUpgrade = (base: string, target: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request({
      host: hostname,
      port,
      path: target,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    // A handshake left hanging is an answer too: 0, so a wrong relay fails fast instead of timing out.
    req.setTimeout(5_000, () => {
      req.destroy();
      resolve(0);
    });
    req.end();
  });
