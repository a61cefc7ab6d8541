import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { UNREACHABLE_MESSAGE } from '#contracts/error-messages.ts';

/**
 * How a BFF says that no API answered: a status the balancer does not count against the BFF
 * (scripts/cluster/nginx-config.ts judges a peer by its connection only), so its pages still render.
 */
export const API_AWAY_STATUS = 502;

/** What the shopper is told for an error answer of this status. */
export const messageFor = (status: number): string => {
  if (status === 404) return 'Not found';
  if (status === API_AWAY_STATUS) return UNREACHABLE_MESSAGE;
  if (status < 500) return 'The request could not be understood';
  return 'Something went wrong on our side. Please try again.';
};

/**
 * The BFF's one error handler: client errors (bad JSON, missing widget file) keep their status,
 * an unreachable API is a 502, anything else a 500 with the request id, logged, never shown.
 */
export const errorAnswer =
  (logger: Logger): ErrorRequestHandler =>
  (error: { status?: unknown }, req, res, _next) => {
    const given = typeof error?.status === 'number' ? error.status : 500;
    const status = (given >= 400 && given < 500) || given === API_AWAY_STATUS ? given : 500;
    if (status >= 500) logger.error({ requestId: req.requestId, err: error }, 'request failed');
    if (res.headersSent) return void req.socket.destroy();
    res.status(status).json({ message: messageFor(status), requestId: req.requestId });
  };
