import type http from 'node:http';

/** What the servers ask of tracing; `tracing-sdk.ts` is the one implementation (OpenTelemetry). */
export type Tracer = {
  /** Runs `handle` as the request's span: a root at the BFF, the BFF's child at the API (its traceparent). */
  request(part: 'bff' | 'api', req: http.IncomingMessage, res: http.ServerResponse, handle: () => void): void;
  /** Runs `work` in a child span of the current one, ended when its promise settles; a `work` that answers no promise calls `end`. */
  span<T>(name: string, attributes: Record<string, string | number>, work: (end: () => void) => T): T;
  /** The current trace and span ids, for log lines. */
  ids(): { trace_id: string; span_id: string } | undefined;
  flush(): Promise<void>;
  /** Sends what is buffered and lets go of every global it set (context, propagation, the fetch hook). */
  stop(): Promise<void>;
};
