import diagnostics from 'node:diagnostics_channel';
import type http from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Tracer } from './tracer.ts';
import { traceRedis } from './tracing-redis.ts';

/** What Express leaves on a request it routed: the route template names the span, never the raw path. */
type Routed = http.IncomingMessage & { baseUrl?: string; route?: { path?: unknown } };

const endWith = (span: Span, error?: unknown) => {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
};

/**
 * OpenTelemetry's own SDK: spans batched to the exporter's `url` over OTLP/HTTP as JSON (the exporter and the
 * batch read their other OTEL_EXPORTER_OTLP_* and OTEL_BSP_* settings themselves). The W3C traceparent
 * header carries a trace from the BFF to the API: set on the request the BFF proxies, and on
 * the fetches the BFF makes to the API (undici's diagnostics channel; `ownOrigin` says which
 * origins are the shop's), read by the API.
 */
export const openTelemetryTracer = (
  service: string,
  exporter: { url: string; timeoutMillis?: number | undefined },
  ownOrigin: (origin: string) => boolean,
): Tracer => {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(exporter))],
  });
  // The async-local-storage context manager and the W3C propagators, globally.
  provider.register();
  const tracer = trace.getTracer('statefront');
  const onFetch = (message: unknown) => {
    const { request } = message as { request: { origin?: unknown; addHeader(name: string, value: string): void } };
    // The shop's own services only: a card wallet or any other third party learns nothing of our traces.
    if (typeof request.origin !== 'string' || !ownOrigin(request.origin)) return;
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    for (const [name, value] of Object.entries(carrier)) request.addHeader(name, value);
  };
  diagnostics.subscribe('undici:request:create', onFetch);
  const stopRedis = traceRedis(tracer);

  return {
    request(part, req, res, handle) {
      // The BFF is the edge: a caller's traceparent starts nothing here. The API continues the BFF's.
      const parent = part === 'api' ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
      const method = req.method ?? 'GET';
      const span = tracer.startSpan(
        method,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': method, 'url.path': (req.url ?? '/').split('?')[0]!, 'statefront.part': part },
        },
        parent,
      );
      const active = trace.setSpan(parent, span);
      if (part === 'bff') {
        delete req.headers.traceparent;
        delete req.headers.tracestate;
        propagation.inject(active, req.headers);
      }
      res.once('close', () => {
        const routed = req as Routed;
        if (typeof routed.route?.path === 'string') {
          const template = `${routed.baseUrl ?? ''}${routed.route.path}`;
          span.updateName(`${method} ${template}`);
          span.setAttribute('http.route', template);
        }
        const requestId = res.getHeader('x-request-id');
        if (typeof requestId === 'string') span.setAttribute('request.id', requestId);
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      context.with(active, handle);
    },

    span(name, attributes, work, kind) {
      const span = tracer.startSpan(name, { attributes, kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL }, context.active());
      let ended = false;
      const end = (error?: unknown) => {
        if (ended) return;
        ended = true;
        endWith(span, error);
      };
      const note = (more: Record<string, string | number>, failed?: boolean) => {
        span.setAttributes(more);
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      };
      return context.with(trace.setSpan(context.active(), span), () => {
        try {
          const result = work(() => end(), note);
          if (result instanceof Promise) {
            return result.then(
              (value: unknown) => (end(), value),
              (error: unknown) => {
                end(error);
                throw error;
              },
            ) as typeof result;
          }
          return result;
        } catch (error) {
          end(error);
          throw error;
        }
      });
    },

    headers() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier;
    },

    ids() {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },

    flush: () => provider.forceFlush(),

    async stop() {
      diagnostics.unsubscribe('undici:request:create', onFetch);
      stopRedis();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
};
