import pino, { type Logger } from 'pino';

/** Structured logs; credentials are redacted wherever they appear. */
export const createLogger = (level: string, name = 'api'): Logger =>
  pino({
    name,
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
