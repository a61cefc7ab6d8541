import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { CLIENT_HEADER, type InternalPurpose, PROOF_HEADER, proofMessage } from '#server/internal.ts';

/** The two headers that tell the API, provably, which shopper a request comes from. */
export const internalHeaders = (secret: string, purpose: InternalPurpose, address: string): Record<string, string> => ({
  [CLIENT_HEADER]: address,
  [PROOF_HEADER]: createHmac('sha256', secret).update(proofMessage(purpose, address)).digest('base64url'),
});

/**
 * Replaces whatever the browser sent under these names with the BFF's own `proxy` proof, on
 * the incoming request, before the proxy copies its headers (never in proxy hooks, where
 * a header set on a kept-alive socket may throw ERR_HTTP_HEADERS_SENT: see bff/proxy/api-proxy.ts).
 */
export const setProxyCredential = (req: http.IncomingMessage, secret: string, address: string): void => {
  delete req.headers[CLIENT_HEADER];
  delete req.headers[PROOF_HEADER];
  Object.assign(req.headers, internalHeaders(secret, 'proxy', address));
};
