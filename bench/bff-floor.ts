/**
 * What the BFF's answer from its cache costs, beside the floors under it. CPU time per
 * request of the server process (user + system, from /proc/PID/stat, so it holds on a machine
 * other work shares better than req/s does), autocannon keep-alive, 50 connections:
 * - a bare node:http server with one answer of 27 headers and 650 bytes;
 * - Express 5 answering the same with 1 middleware, and with 25 (the BFF mounts about 25
 *   layers before its cache answers), then with express-rate-limit in front as the BFF's /api limit;
 * - the BFF's own catalogue cache (API and BFF processes as npm start runs them, the demo shop's
 *   list, bestsellers, categories and page 1's details, every one a hit after the warm-up).
 * The catalogue bench's goal (BFF ≥ 0.15× bare req/s) needs the BFF within about 6.7× the bare
 * server's CPU per request; the floors say how much of that Express and the limiter take.
 * Run: npx tsx bench/bff-floor.ts [seconds per round, default 5]
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { productsApiUrl } from '#machines/filters/filters.ts';
import { LIMITS } from './cluster.ts';
import { HEADERS } from './proxy.ts';
import { type Figure, isEntry, median, printFigures } from './support/figures.ts';
import { type Child, childEnv, LOOPBACK_URL, startTs } from './support/processes.ts';
import { startSplitShop } from './support/shop.ts';

const ROUNDS = 3;

/** CPU milliseconds the process has used so far (user + system; clock ticks of 10 ms). */
const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

type Round = { usPerRequest: number; rps: number };

const measure = async (pid: number, url: string, paths: string[], seconds: number): Promise<Round[]> => {
  const load = (duration: number) =>
    autocannon({ url, connections: 50, duration, headers: HEADERS, requests: paths.map((p) => ({ path: p })) });
  await load(2);
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const before = cpuMs(pid);
    const r = await load(seconds);
    if (r.non2xx + r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
    rounds.push({ usPerRequest: ((cpuMs(pid) - before) * 1000) / r.requests.total, rps: r.requests.average });
  }
  return rounds;
};

const floorServer = async (env: Record<string, string>): Promise<Child & { url: string }> => {
  const child = startTs('bench/support/floor-server.ts', childEnv(env));
  return Object.assign(child, { url: (await child.waitFor(LOOPBACK_URL))[0] });
};

export const bffFloorBench = async ({ seconds = 5 }: { seconds?: number } = {}): Promise<Figure[]> => {
  const results: { label: string; rounds: Round[] }[] = [];
  const servers: [string, Record<string, string>][] = [
    ['bare node:http, 27 headers, 650 bytes', { FLOOR_MODE: 'bare' }],
    ['Express 5, 1 middleware', { FLOOR_LAYERS: '1' }],
    ['Express 5, 25 middlewares', { FLOOR_LAYERS: '25' }],
    ['Express 5, 25 middlewares + express-rate-limit', { FLOOR_LAYERS: '25', FLOOR_LIMIT: '1' }],
  ];
  for (const [label, env] of servers) {
    const server = await floorServer(env);
    try {
      results.push({ label, rounds: await measure(server.proc.pid!, server.url, ['/api/products/'], seconds) });
    } finally {
      await server.stop();
    }
  }
  const shop = await startSplitShop({ ...LIMITS, CATALOGUE_MAX_AGE_SECONDS: '60' });
  try {
    const list = (await (await fetch(`${shop.bffUrl}${productsApiUrl({ pageNum: 1 }, { filter: {} })}`)).json()) as {
      products: { _id: string }[];
    };
    const paths = [
      productsApiUrl({}, { filter: {} }),
      '/api/products/bestsellers',
      '/api/categories',
      ...list.products.map((p) => `/api/products/get-one/${p._id}`),
    ];
    results.push({ label: "the BFF's catalogue cache (hits)", rounds: await measure(shop.bff.proc.pid!, shop.bffUrl, paths, seconds) });
  } finally {
    await shop.stop();
  }
  const bare = median(results[0]!.rounds.map((r) => r.usPerRequest));
  return results.map(({ label, rounds }) => {
    const us = median(rounds.map((r) => r.usPerRequest));
    return {
      bench: 'bff-floor',
      figure: `${label}: CPU µs per request (median of ${ROUNDS}), × bare`,
      goal: 'reference',
      value: `${us.toFixed(0)} µs, ${(us / bare).toFixed(1)}×`,
      verdict: 'ref' as const,
      note: rounds.map((r) => `${r.usPerRequest.toFixed(0)} µs at ${r.rps.toFixed(0)} req/s`).join('; '),
    };
  });
};

if (isEntry(import.meta.url)) printFigures(await bffFloorBench({ seconds: Number(process.argv[2] ?? 5) }));
