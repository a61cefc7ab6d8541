import pino, { type DestinationStream, type Logger, type LoggerOptions as PinoOptions } from 'pino';
import { readableLines } from './readable-logs.ts';
import { traceIds } from './tracing.ts';

export type LoggerOptions = {
  /** One short line a record for a person at a terminal (development); JSON otherwise (production, log collectors). */
  readable?: boolean;
  /** Where the lines go: standard output unless a test or a host gives a sink. */
  destination?: DestinationStream;
};

/** Readable lines outside production, JSON in production: what `NODE_ENV` asks of a config. */
export const readableFor = (nodeEnv: string): boolean => nodeEnv !== 'production';

/** Structured logs; credentials are redacted wherever they appear. */
export const createLogger = (level: string, name = 'api', { readable = false, destination }: LoggerOptions = {}): Logger => {
  const options: PinoOptions = {
    name,
    level,
    // The trace and span a line was logged in, when tracing (OTEL_EXPORTER_OTLP_ENDPOINT).
    mixin: traceIds,
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
  };
  // Readable lines are pino's own records turned into text at the end: levels, redaction and
  // error serialising stay pino's.
  const stream = readable ? readableLines(destination ?? process.stdout) : destination;
  return stream ? pino(options, stream) : pino(options);
};
