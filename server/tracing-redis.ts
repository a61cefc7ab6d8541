import diagnostics from 'node:diagnostics_channel';
import { SpanKind, SpanStatusCode, context, trace, type Span, type Tracer } from '@opentelemetry/api';

/** What node-redis publishes on its tracing channels (`@redis/client`'s lib/client/tracing). */
type RedisCall = {
  command?: string;
  batchMode?: 'MULTI' | 'PIPELINE';
  batchSize?: number;
  serverAddress?: string;
  serverPort?: number;
  error?: unknown;
};

/** node-redis's own channels: one for each command, one for each MULTI or pipeline. */
const CHANNELS = ['node-redis:command', 'node-redis:batch'] as const;

/**
 * A span for each Redis command (and each MULTI or pipeline as one) that the shop sends inside a
 * trace, from the diagnostics channels node-redis publishes on: no wrapping of the client, and
 * nothing at all while tracing is off (node-redis publishes only to subscribers). Commands outside
 * a trace (presence heartbeats, the watchdog's pings) start none. The span names the command only:
 * keys and arguments hold shoppers' addresses and session ids. Answers a stop.
 */
export const traceRedis = (tracer: Tracer): (() => void) => {
  const open = new WeakMap<object, Span>();
  const finish = (call: RedisCall) => {
    const span = open.get(call);
    if (!span) return;
    open.delete(call);
    if (call.error !== undefined) {
      span.recordException(call.error instanceof Error ? call.error : String(call.error));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  const handlers: diagnostics.TracingChannelSubscribers<RedisCall> = {
    start(call) {
      // A command of a pipeline is inside its batch's span already.
      if (call.command !== undefined && call.batchMode !== undefined) return;
      if (!trace.getSpan(context.active())) return;
      const operation = call.command ?? call.batchMode ?? 'command';
      const attributes: Record<string, string | number> = { 'db.system.name': 'redis', 'db.operation.name': operation };
      if (call.serverAddress) attributes['server.address'] = call.serverAddress;
      if (call.serverPort !== undefined) attributes['server.port'] = call.serverPort;
      if (call.batchSize !== undefined) attributes['db.operation.batch.size'] = call.batchSize;
      open.set(call, tracer.startSpan(`redis ${operation}`, { kind: SpanKind.CLIENT, attributes }, context.active()));
    },
    // A command that throws before it is queued ends here (error, then end); one that was sent, when its answer comes.
    end(call) {
      if (call.error !== undefined) finish(call);
    },
    asyncStart() {},
    asyncEnd: finish,
    error() {},
  };
  const channels = CHANNELS.map((name) => diagnostics.tracingChannel<RedisCall>(name));
  for (const channel of channels) channel.subscribe(handlers);
  return () => {
    for (const channel of channels) channel.unsubscribe(handlers);
  };
};
