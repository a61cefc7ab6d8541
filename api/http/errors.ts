import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** An error meant for the caller: its status and message are shown as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Please log in first') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (what = 'That') => new AppError(404, `${what} was not found`);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError(404, `No such endpoint: ${req.method} ${req.path}`));
};

type HttpishError = { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string };

/**
 * The one error handler. AppErrors answer with their status and message; errors from body
 * parsers keep their 4xx status with a plain message; anything else is a 500 with the
 * request id, logged and never shown.
 */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, _next) => {
    const requestId = req.requestId;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    // A refusal is never a catalogue answer to keep (the catalogue's caching set these before the route ran).
    res.removeHeader('etag');
    res.removeHeader('cache-control');
    if (error instanceof AppError) {
      // A dependency that failed (the database gone, say): the caller gets the sentence, the log the cause.
      if (error.status >= 500) (req.log ?? logger).warn({ err: error.cause ?? error, method: req.method, path: req.path }, error.message);
      res.status(error.status).json({ message: error.message, ...(error.field ? { field: error.field } : {}) });
      return;
    }
    const e = error as HttpishError;
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        e.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON'
          : e.type === 'entity.too.large'
            ? 'The request body is too large'
            : e.expose && e.message
              ? e.message
              : 'The request could not be understood';
      res.status(status).json({ message });
      return;
    }
    // req.log stamps the request id, so the line matches the id the caller was shown.
    (req.log ?? logger).error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.', requestId });
  };
