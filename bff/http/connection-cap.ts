import type net from 'node:net';
import { ipKeyGenerator } from 'express-rate-limit';
import { countRefusal } from '#server/metrics.ts';

export type ConnectionCapOptions = {
  perAddress: number;
  /** A TRUST_PROXY peer (the balancer) carries every shopper's connections: never capped. */
  trusted: (address: string) => boolean;
};

const REFUSAL = JSON.stringify({ message: 'Too many open connections from your address: close some and try again' });

/**
 * Open connections per peer address (IPv6 by its /64), counted from accept to close (an audit
 * found 500 half-open connections from one address were all accepted). One over the cap is answered
 * 429 and closed before any request is read. A 'connection' listener of the HTTP server.
 */
export const connectionCap = ({ perAddress, trusted }: ConnectionCapOptions) => {
  const open = new Map<string, number>();
  return (socket: net.Socket): void => {
    const peer = socket.remoteAddress;
    if (!peer || trusted(peer)) return;
    const key = ipKeyGenerator(peer, 64);
    const count = (open.get(key) ?? 0) + 1;
    if (count > perAddress) {
      countRefusal('bff', 'connections-per-address');
      socket.on('error', () => socket.destroy());
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(REFUSAL)}\r\nConnection: close\r\n\r\n${REFUSAL}`,
      );
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  };
};
