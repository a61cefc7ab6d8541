import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { RequestHandler } from 'express';
import { CLIENT_HEADER, type InternalPurpose, PROOF_HEADER, proofMessage } from '#server/internal.ts';

export type InternalCaller = { address: string; purpose: InternalPurpose };

const sign = (secret: string, purpose: InternalPurpose, address: string): Buffer =>
  createHmac('sha256', secret).update(proofMessage(purpose, address)).digest();

const single = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The BFF's signed word on who the shopper is, or undefined when the request did not come
 * through the BFF (or the proof is wrong): then the API trusts no forwarded address and
 * issues no token.
 */
export const internalCaller = (headers: http.IncomingHttpHeaders, secret: string): InternalCaller | undefined => {
  const address = single(headers[CLIENT_HEADER]);
  const proof = single(headers[PROOF_HEADER]);
  if (!address || !proof || address.length > 64) return undefined;
  const given = Buffer.from(proof, 'base64url');
  for (const purpose of ['session', 'proxy'] as const) {
    const expected = sign(secret, purpose, address);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { address, purpose };
  }
  return undefined;
};

/** The shopper's address: the BFF's signed one, else whoever opened the connection. */
export const callerAddress = (req: http.IncomingMessage, secret: string): string =>
  internalCaller(req.headers, secret)?.address ?? req.socket.remoteAddress ?? 'unknown';

/** Sets `req.clientAddress` and `req.bffPurpose` once per request. */
export const identifyCaller =
  (secret: string): RequestHandler =>
  (req, _res, next) => {
    const caller = internalCaller(req.headers, secret);
    req.clientAddress = caller?.address ?? req.socket.remoteAddress ?? 'unknown';
    req.bffPurpose = caller?.purpose;
    next();
  };
