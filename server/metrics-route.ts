import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { metricsEnabled, metricsJson, metricsText } from './metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
export const bearerMatches = (authorization: string | undefined, token: string): boolean => {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
};

/** What asks for JSON gets prom-client's JSON (npm start's BFF merging the API's), anything else the text format. */
export const JSON_METRICS = 'application/json';

export type MetricsRouteOptions = {
  token: string | undefined;
  /** Another process's metrics to include (npm start's API child, from the BFF); none when it cannot be reached. */
  others?: () => Promise<Awaited<ReturnType<typeof metricsJson>>>;
};

/**
 * GET /metrics. Without METRICS_TOKEN, or without its bearer token, it calls next(): the request
 * goes on as if the route did not exist and gets the answer an unknown path gets, so a scanner
 * cannot tell that the shop has metrics at all.
 */
export const metricsRoute =
  ({ token, others }: MetricsRouteOptions): RequestHandler =>
  async (req, res, next) => {
    if (!token || !metricsEnabled() || !bearerMatches(req.headers.authorization, token)) return next();
    res.setHeader('cache-control', 'no-store');
    if (req.headers.accept === JSON_METRICS) return void res.json(await metricsJson());
    const { contentType, body } = await metricsText(others ? await others().catch(() => []) : []);
    res.type(contentType).send(body);
  };

/** Another process's metrics as JSON, from its /metrics at `baseUrl` with the same token. */
export const metricsFrom =
  (baseUrl: string, token: string | undefined): NonNullable<MetricsRouteOptions['others']> =>
  async () => {
    const answer = await fetch(new URL('/metrics', baseUrl), {
      headers: { authorization: `Bearer ${token ?? ''}`, accept: JSON_METRICS },
      signal: AbortSignal.timeout(5_000),
    });
    return answer.ok ? ((await answer.json()) as Awaited<ReturnType<typeof metricsJson>>) : [];
  };
