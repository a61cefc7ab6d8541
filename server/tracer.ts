import type http from 'node:http';

export type SpanAttributes = Record<string, string | number>;
export type SpanNote = (attributes: SpanAttributes, failed?: boolean) => void;

/** What the servers ask of tracing; `tracing-sdk.ts` is the one implementation (OpenTelemetry). */
export type Tracer = {
  /** Runs `handle` as the request's span: a root at the BFF, the BFF's child at the API (its traceparent). */
  request(part: 'bff' | 'api', req: http.IncomingMessage, res: http.ServerResponse, handle: () => void): void;
  /**
   * Runs `work` in a child span of the current one, ended when its promise settles; a `work` that
   * answers no promise calls `end`. `note` adds what is known later (an answer's status), and
   * marks the span failed without a throw. `client`: a call to another service.
   */
  span<T>(name: string, attributes: SpanAttributes, work: (end: () => void, note: SpanNote) => T, kind?: 'client'): T;
  /** The current span as W3C trace headers (traceparent), for a call the fetch hook does not see. */
  headers(): Record<string, string>;
  /** The current trace and span ids, for log lines. */
  ids(): { trace_id: string; span_id: string } | undefined;
  flush(): Promise<void>;
  /** Sends what is buffered and lets go of every global it set (context, propagation, the fetch hook). */
  stop(): Promise<void>;
};
