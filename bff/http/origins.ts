import type http from 'node:http';
import type { TLSSocket } from 'node:tls';

export type OriginPolicy = {
  /** Served over TLS (directly, through a loopback proxy that says so, or per PUBLIC_ORIGIN). */
  isTls(req: http.IncomingMessage): boolean;
  /** The shop's own origin as the browser sees it. */
  ownOrigin(req: http.IncomingMessage): string;
  /** A partner site allowed to embed the chat widget. */
  isPartner(origin: string): boolean;
  /** True when the request carries no Origin (same-origin GET, non-browser) or an allowed one. */
  allows(req: http.IncomingMessage): boolean;
};

export type OriginOptions = {
  publicOrigin?: string | undefined;
  partnerOrigins: string[];
  /** Whether the connecting peer is a proxy TRUST_PROXY names (the same rule as req.ip); none by default. */
  trustsPeer?: (address: string) => boolean;
};

/**
 * Decides which origins may talk to the shop's sockets and load its widget. A proxy's
 * X-Forwarded-Proto is believed only from a peer TRUST_PROXY trusts, like its X-Forwarded-For.
 */
export const originPolicy = ({ publicOrigin, partnerOrigins, trustsPeer = () => false }: OriginOptions): OriginPolicy => {
  const partners = new Set(partnerOrigins);
  const isTls = (req: http.IncomingMessage): boolean => {
    if (publicOrigin) return publicOrigin.startsWith('https:');
    if ((req.socket as TLSSocket).encrypted) return true;
    const forwarded = req.headers['x-forwarded-proto'];
    return trustsPeer(req.socket.remoteAddress ?? '') && typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'https';
  };
  const ownOrigin = (req: http.IncomingMessage): string =>
    publicOrigin ?? `${isTls(req) ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
  return {
    isTls,
    ownOrigin,
    isPartner: (origin) => partners.has(origin),
    allows(req) {
      const origin = req.headers.origin;
      if (origin === undefined) return true;
      return origin === ownOrigin(req) || partners.has(origin);
    },
  };
};

/** A host name or address only this machine reaches. */
export const isLoopback = (host: string | undefined): boolean =>
  host !== undefined && (host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host));
