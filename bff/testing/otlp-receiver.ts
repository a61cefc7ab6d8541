import http from 'node:http';
import { register } from 'node:module';
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
export type ReceivedSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: Attribute[] };
type Export = { resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[] };

/** An OTLP/HTTP receiver as a collector is one: it keeps the JSON exports POSTed to /v1/traces. */
export const otlpReceiver = async () => {
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

export const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

/** Every OpenTelemetry module this process loads from now on, seen by a module resolve hook. */
export const openTelemetryLoads = (): string[] => {
  const loaded: string[] = [];
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url: string) => loaded.push(url));
  port1.unref();
  const hook = `let port; export function initialize(data) { port = data.port; }
    export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.includes('@opentelemetry')) port.postMessage(r.url); return r; }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });
  return loaded;
};
