/**
 * What the BFF costs in front of the API: `GET /api/products?pageNum=1` with autocannon
 * (keep-alive, 50 connections, Accept-Encoding stated) straight to the API and through the BFF,
 * each in its own process (scripts/start-api.ts, scripts/start-bff.ts), beside a bare Node http
 * server answering the same bytes (the ceiling of any Node server here). autocannon runs in
 * this process, so on a small machine it shares the cores with the servers: every target pays
 * that alike. References (issue 15, main): BFF/API 0.71 quiet, 0.59 under load; +22 ms p99;
 * API/bare 0.02. Goal: added p99 at most 5 ms.
 * Run: npx tsx bench/proxy.ts [seconds per target, default 10]
 */
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { atMost, type Figure, isEntry, printFigures } from './support/figures.ts';
import { childEnv, LOOPBACK_URL, removeDir, startTs, tempDir } from './support/processes.ts';
import { startSplitShop } from './support/shop.ts';

const PATH = '/api/products?pageNum=1';
const CONNECTIONS = 50;
/** What a browser sends; the API compresses JSON above a small size for it. */
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
/** Raised for the bench so autocannon's one address is never throttled (default 1,200 a minute). */
const LIMITS = { API_GUEST_LIMIT_PER_MINUTE: '1000000000', API_LIMIT_PER_MINUTE: '1000000000' };

/** One answer exactly as it went on the wire: the body undecoded, and the headers a client reads. */
const rawAnswer = (url: string): Promise<{ body: Buffer; headers: Record<string, string> }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const keep = ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'];
          const headers = Object.fromEntries(keep.flatMap((name) => (typeof res.headers[name] === 'string' ? [[name, res.headers[name]]] : [])));
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          else resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });

type Load = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

const load = async (url: string, seconds: number): Promise<Load> => {
  const run = (duration: number): Promise<Result> => autocannon({ url: `${url}${PATH}`, connections: CONNECTIONS, duration, headers: HEADERS });
  await run(2); // warm-up: JIT, connection pools, the API's count cache
  const r = await run(seconds);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
};

export const proxy = async ({ seconds = 10 }: { seconds?: number } = {}): Promise<Figure[]> => {
  const shop = await startSplitShop(LIMITS);
  const dir = await tempDir('bare');
  let bare: ReturnType<typeof startTs> | undefined;
  try {
    const answer = await rawAnswer(`${shop.apiUrl}${PATH}`);
    const bodyFile = path.join(dir, 'body');
    await writeFile(bodyFile, answer.body);
    bare = startTs('bench/support/bare-server.ts', childEnv({ BARE_BODY: bodyFile, BARE_HEADERS: JSON.stringify(answer.headers) }));
    const bareUrl = (await bare.waitFor(LOOPBACK_URL))[0];
    console.log(`${PATH}: ${answer.body.length} bytes on the wire (${answer.headers['content-encoding'] ?? 'identity'}); ${CONNECTIONS} connections, ${seconds} s each`);

    const api = await load(shop.apiUrl, seconds);
    const bff = await load(shop.bffUrl, seconds);
    const bareLoad = await load(bareUrl, seconds);
    for (const [name, l] of [['API', api], ['BFF', bff], ['bare', bareLoad]] as const) {
      console.log(`${name.padEnd(5)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  non-2xx ${l.non2xx}  errors ${l.errors}`);
    }
    const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref'): Figure => ({ bench: 'proxy', figure, goal, value, verdict });
    const addedP99 = bff.p99 - api.p99;
    const failed = api.non2xx + api.errors + bff.non2xx + bff.errors;
    return [
      f('straight to the API: req/s, p50/p99', '', `${api.rps.toFixed(0)}, ${api.p50}/${api.p99} ms`),
      f('through the BFF: req/s, p50/p99', '', `${bff.rps.toFixed(0)}, ${bff.p50}/${bff.p99} ms`),
      f('bare Node server, same bytes: req/s, p50/p99', '', `${bareLoad.rps.toFixed(0)}, ${bareLoad.p50}/${bareLoad.p99} ms`),
      f('throughput BFF/API', 'main: 0.71 quiet, 0.59 under load', (bff.rps / api.rps).toFixed(2)),
      f('p99 added by the BFF', '≤ 5 ms (main: +22 ms)', `${addedP99 >= 0 ? '+' : ''}${addedP99} ms`, atMost(addedP99, 5)),
      f('throughput API/bare', 'main: 0.02', (api.rps / bareLoad.rps).toFixed(2)),
      f('non-2xx answers and errors (API + BFF)', '0', String(failed), failed === 0 ? 'pass' : 'miss'),
    ];
  } finally {
    await bare?.stop();
    await shop.stop();
    await removeDir(dir);
  }
};

if (isEntry(import.meta.url)) printFigures(await proxy({ seconds: Number(process.argv[2] ?? 10) }));
