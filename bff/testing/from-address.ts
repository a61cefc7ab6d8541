import http from 'node:http';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type FromAddressOptions = { method?: string; headers?: Record<string, string>; json?: unknown };

/**
 * One request to a server on 127.0.0.1 from a chosen local address: all of 127.0.0.0/8 is
 * loopback on Linux, so a test can play several shoppers (or a proxy and its clients).
 * A `json` body goes with the anti-forgery header the shop's pages send.
 */
export const requestFrom = (
  baseUrl: string,
  localAddress: string,
  path: string,
  { method = 'GET', headers = {}, json }: FromAddressOptions = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(baseUrl);
    const payload = json === undefined ? undefined : JSON.stringify(json);
    // Node frames no body of its own for a DELETE: the length says there is one.
    const sent =
      payload === undefined
        ? headers
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), 'x-csrf': '1', ...headers };
    const req = http.request({ host: '127.0.0.1', port, path, method, localAddress, headers: sent, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(payload);
  });

/** The `name=value` pairs of an answer's Set-Cookie headers, ready for a Cookie header. */
export const cookieOf = (answer: Answer): string => (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');
