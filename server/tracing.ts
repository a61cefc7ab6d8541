import type http from 'node:http';
import type { SpanAttributes, SpanNote, Tracer } from './tracer.ts';

let tracer: Tracer | undefined;
/** The origins of the shop's own services, which a fetch tells the trace it is part of (`traceCallsTo`). */
const ownOrigins = new Set<string>();

/** Calls to `url`'s origin carry the W3C trace headers: the BFF's to its API. Any other fetch carries none. */
export const traceCallsTo = (url: string): void => void ownOrigins.add(new URL(url).origin);

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, and only then loads its
 * SDK: without the setting no OpenTelemetry module is in memory, and every hook below is a
 * plain call (decision 027).
 */
export const startTracing = async (service: string, env: Record<string, string | undefined> = process.env): Promise<void> => {
  if (tracer || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`;
  // The exporter's own default (10 s, retries included) unless set: it also bounds the stop's last send.
  const timeoutMillis = Number(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT || env.OTEL_EXPORTER_OTLP_TIMEOUT) || undefined;
  tracer = (await import('./tracing-sdk.ts')).openTelemetryTracer(
    env.OTEL_SERVICE_NAME || service,
    { url: endpoint, timeoutMillis },
    (origin) => ownOrigins.has(origin),
  );
};

/** The request handled inside its span when tracing, as it is otherwise. */
export const tracedRequest = (part: 'bff' | 'api', req: http.IncomingMessage, res: http.ServerResponse, handle: () => void): void =>
  tracer ? tracer.request(part, req, res, handle) : handle();

const nothing = () => undefined;

/**
 * `work` inside a span when tracing: ended when its promise settles, else when `work` calls `end`
 * (an acknowledged socket message); `note` adds attributes known later. `client`: a call to
 * another service (the API, the wallet, mail).
 */
export const inSpan = <T>(name: string, attributes: SpanAttributes, work: (end: () => void, note: SpanNote) => T, kind?: 'client'): T =>
  tracer ? tracer.span(name, attributes, work, kind) : work(nothing, nothing);

/** The current span's W3C headers to send along on a call the fetch hook does not see (node:http); none when not tracing. */
export const traceHeaders = (): Record<string, string> => tracer?.headers() ?? {};

/** Whether spans are made: callers that would wrap something skip it when not. */
export const tracing = (): boolean => tracer !== undefined;

/** Whether the caller runs inside a trace (a request, a socket message, a mail's send). */
export const inTrace = (): boolean => tracer?.ids() !== undefined;

/** pino's mixin: the trace and span ids on every line logged inside a span. */
export const traceIds = (): object => tracer?.ids() ?? {};

/** Sends the spans still buffered (a stop, a test). */
export const flushTraces = async (): Promise<void> => tracer?.flush();

/**
 * Ends tracing in this process: what is buffered is sent, and the hooks are plain calls again.
 * A collector that is away loses those spans but never fails the shop's stop.
 */
export const stopTracing = async (): Promise<void> => {
  const stopping = tracer;
  tracer = undefined;
  await stopping?.stop().catch(() => undefined);
};
