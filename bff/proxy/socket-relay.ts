import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { checkPath } from '../http/canonical-path.ts';
import type { OriginPolicy } from '../http/origins.ts';
import type { SessionCookies } from '../session/session-cookie.ts';
import { isEngineHandshake, issueChatVisitor, readChatVisitor } from '../session/chat-visitor-cookie.ts';
import { setUpstreamAuth } from './forward-headers.ts';
import type { SocketCaps } from './socket-caps.ts';
import { countRefusal } from '#server/metrics.ts';

/** `X-Instance: bff-1` and the line end, or nothing (every answer says which instance gave it). */
const instanceLine = (instanceId: string | undefined) => (instanceId ? `X-Instance: ${instanceId}\r\n` : '');

const refuse = (socket: Duplex, status: string, instanceId?: string) => {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n${instanceLine(instanceId)}Content-Length: 0\r\n\r\n`);
};

/** A 429 with the sentence as JSON, like the BFF's other limits (a browser's WebSocket hides it; scripts read it). */
const refuseTooMany = (socket: Duplex, message: string, instanceId?: string) => {
  countRefusal('bff', 'chat-sockets');
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n${instanceLine(instanceId)}Retry-After: 60\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};

/** A partner page's socket is a partner visitor's only: the shop's cookies on it are not its own (decision 013). */
const fromPartner = (origins: OriginPolicy, origin: string | undefined): boolean => origin !== undefined && origins.isPartner(origin);

/**
 * Long-polling requests to /socket.io: a foreign Origin is refused; a partner site (the chat
 * widget) may read the answers, without credentials, and the shop's cookies are ignored there.
 * On the shop's own pages a guest's first handshake gets the guest chat cookie (session/chat-visitor-cookie.ts),
 * and the cookie goes up with every request (forward-headers.ts).
 */
export const socketOriginCheck =
  (origins: OriginPolicy): RequestHandler =>
  (req, res, next) => {
    if (!origins.allows(req)) {
      res.status(403).json({ message: 'This site may not connect to the shop chat.' });
      return;
    }
    const origin = req.headers.origin;
    if (fromPartner(origins, origin)) {
      req.session = null;
      res.setHeader('access-control-allow-origin', origin!);
      res.setHeader('vary', 'Origin');
      return next();
    }
    req.chatVisitor = readChatVisitor(req.headers.cookie);
    if (!req.chatVisitor && !req.session && isEngineHandshake(req)) {
      const { token, setCookie } = issueChatVisitor(origins.isTls(req));
      res.append('set-cookie', setCookie);
      req.chatVisitor = token;
    }
    next();
  };

export type UpgradeOptions = {
  upgrade: (req: http.IncomingMessage, socket: Socket, head: Buffer) => void;
  origins: OriginPolicy;
  cookies: SessionCookies;
  logger: Logger;
  internalSecret: string;
  /** The shopper's address as the app's `trust proxy` setting reads it. */
  addressOf: (req: http.IncomingMessage) => string;
  /** Open websockets per address and per session. */
  caps: SocketCaps;
  /** This BFF's INSTANCE_ID, on the refusals it writes itself. */
  instanceId?: string;
};

/**
 * The websocket handshake: only /socket.io, only from the shop itself or a partner site, within
 * the open-socket caps, and with the session's token attached, as for any other proxied request.
 */
export const socketUpgrade =
  ({ upgrade, origins, cookies, logger, internalSecret, addressOf, caps, instanceId }: UpgradeOptions) =>
  async (req: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    // The same one spelling as for every other request: the proxy forwards the raw path.
    if (!checkPath(req.method ?? 'GET', req.url ?? '/').ok) return refuse(socket, '400 Bad Request', instanceId);
    const pathname = new URL(req.url ?? '/', 'http://bff.invalid').pathname;
    if (!pathname.startsWith('/socket.io/')) return refuse(socket, '404 Not Found', instanceId);
    if (!origins.allows(req)) {
      logger.info({ origin: req.headers.origin }, 'websocket from a foreign origin refused');
      return refuse(socket, '403 Forbidden', instanceId);
    }
    // A partner page's websocket carries no account: whatever cookie the browser sent, it is a partner visitor.
    const partner = fromPartner(origins, req.headers.origin);
    const session = partner ? null : await cookies.read(req.headers.cookie);
    const visitor = partner ? undefined : readChatVisitor(req.headers.cookie);
    const address = addressOf(req);
    const tooMany = await caps.admit(socket, { address, session });
    if (tooMany) {
      logger.info({ address }, 'chat websocket refused: too many open');
      return refuseTooMany(socket, tooMany, instanceId);
    }
    setUpstreamAuth(req, session?.token, { secret: internalSecret, address }, visitor);
    req.headers['x-request-id'] = randomUUID();
    // An http.Server hands upgrades a net.Socket; the Duplex type is only the event's declaration.
    upgrade(req, socket as Socket, head);
  };
