import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { timeRequest, watchOpenSockets } from '#server/metrics.ts';
import { bodyDeadline, serverTimeouts } from '#server/slow-requests.ts';
import { tracedRequest } from '#server/tracing.ts';
import type { BffConfig } from '../config.ts';
import { connectionCap } from './connection-cap.ts';
import { forwardedOnlyWith } from './forwarded.ts';
import { routeTemplate } from './route-template.ts';
import { closeUnreadUpload } from './upload-guard.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export type PublicServerOptions = {
  config: BffConfig;
  app: Express;
  /** Answers a guest's cached catalogue call before Express (cache-hits-first.ts), else calls next. */
  hitsFirst: Handler;
  /** Relays a websocket upgrade (proxy/socket-relay.ts). */
  onUpgrade: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;
  /** The `trust proxy` rule, for the peer (hop 0). */
  trustsPeer: (address: string) => boolean;
  logger: Logger;
};

/**
 * The BFF's public HTTP server: what runs on every connection and request before Express sees
 * it, and the websocket upgrades that bypass Express. `upgraded` holds the open upgraded sockets
 * so that a stop can close them after its drain.
 */
export const publicServer = ({ config, app, hitsFirst, onUpgrade, trustsPeer, logger }: PublicServerOptions) => {
  const upgraded = new Set<Duplex>();
  // Before anything reads an address: forwarded headers count only with the balancer's secret.
  const forwarded = forwardedOnlyWith(config.TRUST_PROXY_SECRET);
  // Slow headers and bodies are cut off, and one address holds only so many connections.
  const deadline = bodyDeadline(config);
  const server = http.createServer(serverTimeouts(config), (req, res) => {
    // Its route read now, before Express rewrites req.url inside its mounts; a cache hit is timed too.
    const { method = 'GET', url = '/' } = req;
    timeRequest('bff', method, res, () => routeTemplate(method, url));
    forwarded(req);
    // Before Express, which rewrites req.url inside its mounts.
    deadline(req, res);
    closeUnreadUpload(req, res);
    // One trace per request, cached answers included; its traceparent goes on to the API.
    tracedRequest('bff', req, res, () => hitsFirst(req, res, () => app(req, res)));
  });
  watchOpenSockets('bff', () => upgraded.size);
  server.on('connection', connectionCap({ perAddress: config.CONNECTIONS_PER_ADDRESS, trusted: trustsPeer }));
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    forwarded(req);
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    onUpgrade(req, socket, head).catch((err: unknown) => {
      logger.error({ err }, 'websocket upgrade failed');
      socket.destroy();
    });
  });
  return { server, upgraded };
};
