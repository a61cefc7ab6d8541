/**
 * A bare Node http server answering every request with the same bytes and headers (the
 * proxy bench's ceiling): BARE_BODY is a file of the body as it went on the wire, BARE_HEADERS
 * its headers as JSON. Prints its URL; listens on a free loopback port.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.env.BARE_BODY!);
const headers = JSON.parse(process.env.BARE_HEADERS!) as Record<string, string>;
const server = http.createServer((_req, res) => {
  res.writeHead(200, { ...headers, 'content-length': String(body.length) });
  res.end(body);
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
