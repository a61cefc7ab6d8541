/**
 * A bare Node http server answering with fixed bytes and headers (the ceiling of any Node
 * server here): either one answer for every request (BARE_BODY, a file of the body as it went
 * on the wire, and BARE_HEADERS, its headers as JSON: bench/proxy.ts), or one answer per URL
 * (BARE_ANSWERS, a JSON file of `{ [url]: { body: base64, headers } }`: bench/catalogue.ts;
 * any other URL is a 404). Prints its URL; listens on a free loopback port.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

type Answer = { body: Buffer; headers: Record<string, string> };

const answers = new Map<string, Answer>();
if (process.env.BARE_ANSWERS) {
  const given = JSON.parse(readFileSync(process.env.BARE_ANSWERS, 'utf8')) as Record<
    string,
    { body: string; headers: Record<string, string> }
  >;
  for (const [url, { body, headers }] of Object.entries(given)) answers.set(url, { body: Buffer.from(body, 'base64'), headers });
}
const single: Answer | undefined = process.env.BARE_BODY
  ? { body: readFileSync(process.env.BARE_BODY), headers: JSON.parse(process.env.BARE_HEADERS!) as Record<string, string> }
  : undefined;

const server = http.createServer((req, res) => {
  const answer = single ?? answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  res.writeHead(200, { ...answer.headers, 'content-length': String(answer.body.length) });
  res.end(answer.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`bare server at http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
