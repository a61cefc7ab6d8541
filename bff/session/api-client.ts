import type { Request } from 'express';
import type { InternalPurpose } from '#server/internal.ts';
import { relayedInstance } from '../proxy/api-proxy.ts';
import { internalHeaders } from '../proxy/internal-credential.ts';
import { API_AWAY_STATUS } from '../http/error-answer.ts';

export type ApiAnswer = { status: number; body: unknown };

export type ApiClient = (
  req: Request,
  path: string,
  /** `purpose`: `session` (the default) for the BFF's session calls, `proxy` for reads on the shopper's behalf (server rendering). */
  options?: { method?: 'GET' | 'POST'; body?: unknown; token?: string | undefined; purpose?: InternalPurpose },
) => Promise<ApiAnswer>;

/**
 * Calls the API for the BFF's own routes (login, register, session, logout), passing the
 * request id and the browser's address under the `session` proof: the only calls the API
 * answers with a token, and its logs and limits see the real client.
 */
export const apiClient =
  (apiUrl: string, internalSecret: string): ApiClient =>
  async (req, path, { method = 'GET', body, token, purpose = 'session' } = {}) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': req.requestId,
      ...internalHeaders(internalSecret, purpose, req.ip ?? req.socket.remoteAddress ?? 'unknown'),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, apiUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    }).catch((cause: unknown) => {
      throw Object.assign(new Error('The API could not be reached', { cause }), { status: API_AWAY_STATUS });
    });
    // The BFF's route answers for the API instance it called: `bff-1/api-2`.
    const own = req.res?.getHeader('x-instance');
    const relayed = typeof own === 'string' ? relayedInstance(own.split('/')[0]!, res.headers.get('x-instance') ?? undefined) : undefined;
    if (relayed && !req.res!.headersSent) req.res!.setHeader('x-instance', relayed);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: pass the text on as it is.
    }
    return { status: res.status, body: parsed };
  };

/** The API's own /readyz answers 200 (through the balancer's internal upstream: some API instance is ready). */
export const apiReady = async (apiUrl: string): Promise<void> => {
  const res = await fetch(new URL('/readyz', apiUrl), { signal: AbortSignal.timeout(2_000) });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the API's /readyz answered ${res.status}`);
};
