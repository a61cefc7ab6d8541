import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { addProduct as addOrderable, body, customerWithProfile, placeOrder } from '../../api/testing/test-api.ts';
import { createLogger } from '#server/logger.ts';
import { flushTraces, inSpan, startTracing, stopTracing } from '#server/tracing.ts';
import { connect, say, until } from '../../api/testing/sockets.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { attribute, openTelemetryLoads, otlpReceiver } from '../testing/otlp-receiver.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';

let api: TestApi;
let bff: TestBff;
/** OpenTelemetry modules loaded while this file runs, and both servers' log lines. */
let loaded: string[];
const apiLines: string[] = [];
const bffLines: string[] = [];
const lines = () => [...apiLines, ...bffLines].map((l) => JSON.parse(l) as Record<string, unknown>);
const into = (sink: string[]) => createLogger('debug', 'test', { destination: { write: (line: string) => void sink.push(line) } });

beforeAll(async () => {
  loaded = openTelemetryLoads();
  api = await startTestApi({ logger: into(apiLines) });
  bff = await startTestBff({ apiUrl: api.url, logger: into(bffLines) });
});

afterAll(async () => {
  await bff?.stop();
  await api?.stop();
});

describe('traces of requests through the BFF (docs/operations-tracing.md)', () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;

  /** A BFF with its catalogue cache on (the file's BFF has it off) and, where redis-server is installed, its limits in Redis. */
  let cached: TestBff;
  const hasRedis = existsSync(REDIS_SERVER_BINARY);
  let redis: RedisServer | undefined;

  beforeAll(async () => {
    receiver = await otlpReceiver();
    await addProduct(api.db, { name: 'Traced lamp', category: 'Lamps' });
    redis = hasRedis ? await startRedisServer() : undefined;
    cached = await startTestBff({ apiUrl: api.url, config: { CATALOGUE_CACHE_BYTES: 1024 * 1024, REDIS_URL: redis?.url } });
  });
  afterAll(async () => {
    // This worker's next files share its modules: they run untraced, as before.
    await stopTracing();
    await cached?.stop();
    await redis?.stop();
    receiver?.close();
  });

  it('when the shop has served requests and socket messages without OTEL_EXPORTER_OTLP_ENDPOINT, then no OpenTelemetry module is loaded and no line has a trace id', async () => {
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

  it("when a guest's catalogue call misses the BFF's cache, an order is put to the card wallet and its mail is sent, then the refill, each wallet call and the mail are spans of their own", async () => {
    const res = await fetch(`${cached.url}/api/products/category/Lamps?pageNum=3`);
    expect(res.headers.get('x-statefront-cache')).toBe('miss');
    const requestId = res.headers.get('x-request-id')!;
    const buyer = await customerWithProfile(api);
    const order = await placeOrder(
      api,
      buyer.token,
      body([{ productID: await addOrderable(api, { priceCents: 900, count: 5 }), quantity: 1 }], 'pp'),
    );
    expect((await api.authed(buyer.token)(`/api/orders/${order._id}/wallet-order`, { method: 'POST' })).status).toBe(201);
    // The order's confirmation goes out on the mail worker's next round.
    const mail = async () => (await flushTraces(), receiver.spans.find((s) => s.name === 'mail send'));
    while (!(await mail())) await new Promise((resolve) => setTimeout(resolve, 50));

    // The refill is the request's child, and the API's answer to it the refill's.
    const front = receiver.spans.find((s) => attribute(s, 'statefront.part') === 'bff' && attribute(s, 'request.id') === requestId)!;
    const refill = receiver.spans.find((s) => s.name === 'catalogue refill' && s.parentSpanId === front.spanId)!;
    expect(attribute(refill, 'http.route')).toBe('/api/products/category/:categoryName');
    const back = receiver.spans.find((s) => s.parentSpanId === refill.spanId)!;
    expect([back.name, attribute(back, 'statefront.part')]).toEqual(['GET /api/products/category/:categoryName', 'api']);
    // The wallet calls are the API request's children, named by template (never the order's id).
    const asked = receiver.spans.find((s) => s.name === 'POST /api/orders/:id/wallet-order')!;
    const wallet = receiver.spans.filter((s) => s.parentSpanId === asked.spanId && s.name.startsWith('wallet '));
    expect(wallet.map((s) => s.name)).toEqual(expect.arrayContaining(['wallet POST /v2/checkout/orders']));
    expect(wallet.map((s) => attribute(s, 'http.response.status_code'))).not.toContain(undefined);
    const sent = (await mail())!;
    expect(attribute(sent, 'mail.kind')).toEqual(expect.any(String));
    expect(receiver.spans.some((s) => s.parentSpanId === sent.spanId && s.name.startsWith('db '))).toBe(true);
    expect(JSON.stringify([...wallet, sent])).not.toContain(order._id);
  });

  it("when the API runs a statement outside any request (the mail worker's poll), then it makes no trace; inside a span it is the span's child", async () => {
    const { db } = api.api.context;
    await db.query("select 'outside any trace' as note");
    await inSpan('inside', {}, () => db.query("select 'inside a trace' as note"));
    await flushTraces();
    const texts = receiver.spans.map((s) => attribute(s, 'db.query.text'));
    expect(texts).not.toContain("select 'outside any trace' as note");
    const inside = receiver.spans.find((s) => s.name === 'inside')!;
    expect(receiver.spans.find((s) => attribute(s, 'db.query.text') === "select 'inside a trace' as note")?.parentSpanId).toBe(
      inside.spanId,
    );
  });

  it('when the shop calls a service not its own (a card wallet), then the call carries no trace headers; its calls to the API do', async () => {
    const heard: http.IncomingHttpHeaders[] = [];
    const third = http.createServer((req, res) => (heard.push(req.headers), res.end('{}')));
    await new Promise<void>((resolve) => third.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = third.address() as AddressInfo;
      await inSpan('outbound', {}, async () => {
        await (await fetch(`http://127.0.0.1:${port}/v2/checkout/orders`)).text();
        await (await fetch(`${api.url}/api/categories`)).text();
      });
      expect(heard).toHaveLength(1);
      expect(heard[0]!.traceparent).toBeUndefined();
      await flushTraces();
      const outbound = receiver.spans.find((s) => s.name === 'outbound')!;
      expect(receiver.spans.some((s) => s.traceId === outbound.traceId && attribute(s, 'statefront.part') === 'api')).toBe(true);
    } finally {
      third.close();
    }
  });

  it.skipIf(!hasRedis)(
    "when the BFF counts a request's limits in Redis, then each command is a span of the request, named by the command, without its keys",
    async () => {
      const res = await fetch(`${cached.url}/api/categories`);
      const requestId = res.headers.get('x-request-id')!;
      await flushTraces();
      const front = receiver.spans.find((s) => attribute(s, 'statefront.part') === 'bff' && attribute(s, 'request.id') === requestId)!;
      const commands = receiver.spans.filter((s) => s.parentSpanId === front.spanId && s.name.startsWith('redis '));
      expect(commands.length).toBeGreaterThan(0);
      for (const span of commands) {
        expect(attribute(span, 'db.system.name')).toBe('redis');
        // Keys hold shoppers' addresses and sessions: the command's name and the server only.
        expect(span.attributes.map((a) => a.key).sort()).toEqual(['db.operation.name', 'db.system.name', 'server.address', 'server.port']);
      }
    },
  );

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

  it('when the collector is away as the shop stops, then its spans are lost but the stop succeeds', async () => {
    await startTracing('statefront-test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_EXPORTER_OTLP_TIMEOUT: '200' });
    expect((await fetch(`${bff.url}/api/products/category/Lamps`)).status).toBe(200);
    await expect(stopTracing()).resolves.toBeUndefined();
  });
});
