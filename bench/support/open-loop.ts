import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './figures.ts';

export type OpenLoopResult = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** With `idPrefix`: each answered request's latency by the X-Request-Id it was sent with. */
  latencyById: Map<string, number>;
};

/**
 * An open loop: GETs leave at even intervals of 1/rate whatever the answers do, over at most
 * `connections` keep-alive connections, and each one's latency counts from when it was due,
 * so a server that falls behind is charged for the wait (no coordinated omission). autocannon's
 * `overallRate` is not this: each connection sends its share of a second back to back at the
 * start of every second, so at a modest rate its figures measure the queue of that burst.
 * p50 and p99 in ms with one decimal.
 */
export const openLoop = async ({
  url,
  headers,
  rate,
  seconds,
  connections = 50,
  idPrefix,
}: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections?: number;
  /** Sends `${idPrefix}-${n}` as each request's X-Request-Id, so a server's own log can be paired with it. */
  idPrefix?: string;
}): Promise<OpenLoopResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const latencyById = new Map<string, number>();
  let non2xx = 0;
  let errors = 0;
  const one = (due: number, n: number) =>
    new Promise<void>((resolve) => {
      const id = idPrefix === undefined ? undefined : `${idPrefix}-${n}`;
      const request = http.get(url, { agent, headers: id ? { ...headers, 'x-request-id': id } : headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const latency = performance.now() - due;
          if (status >= 200 && status < 300) {
            latencies.push(latency);
            if (id) latencyById.set(id, latency);
          } else non2xx++;
          resolve();
        });
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
    });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    sent.push(one(due, i));
  }
  await Promise.all(sent);
  const took = (performance.now() - start) / 1000;
  agent.destroy();
  const at = (p: number) => (latencies.length ? Math.round(percentile(latencies, p) * 10) / 10 : 0);
  return { rps: latencies.length / took, p50: at(50), p99: at(99), non2xx, errors, latencyById };
};
