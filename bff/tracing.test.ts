import http from 'node:http';
import { register } from 'node:module';
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { flushTraces, startTracing, stopTracing } from '#server/tracing.ts';
import { addProduct } from '../api/components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../api/testing/api-harness.ts';
import { connect, say, until } from '../api/testing/sockets.ts';
import { type TestBff, startTestBff } from './testing/bff-harness.ts';

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type ReceivedSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: Attribute[] };
type Export = { resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[] };

/** An OTLP/HTTP receiver as a collector is one: it keeps the JSON exports POSTed to /v1/traces. */
const otlpReceiver = async () => {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Export;
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
};

const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

/** Every OpenTelemetry module this process loads from now on, seen by a module resolve hook. */
const openTelemetryLoads = (): string[] => {
  const loaded: string[] = [];
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url: string) => loaded.push(url));
  port1.unref();
  const hook = `let port; export function initialize(data) { port = data.port; }
    export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.includes('@opentelemetry')) port.postMessage(r.url); return r; }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });
  return loaded;
};

describe('traces', () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let api: TestApi;
  let bff: TestBff;
  let loaded: string[];
  const apiLines: string[] = [];
  const bffLines: string[] = [];
  const lines = () => [...apiLines, ...bffLines].map((l) => JSON.parse(l) as Record<string, unknown>);
  const into = (sink: string[]) => createLogger('debug', 'test', { destination: { write: (line: string) => void sink.push(line) } });

  beforeAll(async () => {
    loaded = openTelemetryLoads();
    receiver = await otlpReceiver();
    api = await startTestApi({ logger: into(apiLines) });
    await addProduct(api.db, { name: 'Traced lamp', category: 'Lamps' });
    bff = await startTestBff({ apiUrl: api.url, logger: into(bffLines) });
  });
  afterAll(async () => {
    // This worker's next files share its modules: they run untraced, as before.
    await stopTracing();
    await bff?.stop();
    await api?.stop();
    receiver?.close();
  });

  it('when the shop serves requests and socket messages without OTEL_EXPORTER_OTLP_ENDPOINT, then no OpenTelemetry module is loaded and no line has a trace id', async () => {
    await startTracing('statefront-test', {});
    expect((await fetch(`${bff.url}/api/products/category/Lamps`)).status).toBe(200);
    const { token } = await api.register();
    const socket = await connect(api.url, { token });
    expect(await say(socket, 'Untraced hello')).toMatchObject({ ok: true });
    socket.disconnect();
    await flushTraces();
    expect(loaded).toEqual([]);
    expect(lines().filter((l) => l.trace_id)).toEqual([]);
  });

  it('when a page of products is asked through the BFF, then one trace runs from the BFF through the API to each SQL statement, its logs stamped with it', async () => {
    await startTracing('statefront-test', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    // The check above would have seen the SDK, had it been loaded then.
    expect(loaded.some((url) => url.includes('sdk-trace'))).toBe(true);
    const res = await fetch(`${bff.url}/api/products/category/Lamps?pageNum=1`);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id')!;
    await flushTraces();
    const front = receiver.spans.find((s) => attribute(s, 'statefront.part') === 'bff' && attribute(s, 'request.id') === requestId)!;
    expect(front.parentSpanId || undefined).toBeUndefined();
    const trace = receiver.spans.filter((s) => s.traceId === front.traceId);
    const back = trace.find((s) => attribute(s, 'statefront.part') === 'api')!;
    expect([back.name, back.parentSpanId, attribute(back, 'request.id')]).toEqual([
      'GET /api/products/category/:categoryName',
      front.spanId,
      requestId,
    ]);
    const statements = trace.filter((s) => s.name.startsWith('db '));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) expect(s.parentSpanId).toBe(back.spanId);
    expect(statements.map((s) => attribute(s, 'db.query.text')).join('\n')).toMatch(/from products/i);
    // The request's lines at both ends: the BFF's and the API's.
    const linesOf = () => lines().filter((l) => l.requestId === requestId);
    await until(() => linesOf().length >= 2, "the BFF's and the API's request lines");
    const requestLines = linesOf();
    for (const line of requestLines) expect(line.trace_id).toBe(front.traceId);
  });

  it('when a chat message arrives on a socket, then it is a span with its SQL statements under it', async () => {
    const { token } = await api.register();
    const socket = await connect(api.url, { token });
    const id = socket.id;
    expect(await say(socket, 'Is the lamp dimmable?')).toMatchObject({ ok: true });
    socket.disconnect();
    await flushTraces();
    const message = receiver.spans.find((s) => s.name.startsWith('socket.io ') && attribute(s, 'socket.id') === id)!;
    expect(message).toBeDefined();
    expect(receiver.spans.some((s) => s.parentSpanId === message.spanId && s.name.startsWith('db '))).toBe(true);
  });

  it('when tracing stops, then the shop goes on untraced: its lines carry no trace id', async () => {
    await stopTracing();
    const res = await fetch(`${bff.url}/api/products/category/Lamps?pageNum=2`);
    const requestId = res.headers.get('x-request-id');
    const linesOf = () => lines().filter((l) => l.requestId === requestId);
    await until(() => linesOf().length >= 2, "the BFF's and the API's request lines");
    const requestLines = linesOf();
    for (const line of requestLines) expect(line.trace_id).toBeUndefined();
  });
});
