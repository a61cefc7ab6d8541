/**
 * GET /api/orders/analysis/{date}: the spec's per-order answer against `?bucket=hour` (24
 * cumulative points summed in SQL) on a day of 100,000 orders, on PGlite, through HTTP:
 * (1) straight to the API, as before; (2) the analytics page's own request: through the BFF
 * with the admin's session cookie and Chromium's Accept-Encoding, timed to the chart's series
 * built (read, decompress, JSON.parse, then cumulativeSeries for the orders or
 * seriesFromBuckets for the hours, what the machine's storeSeries runs). Bytes on the wire are
 * the compressed body the browser receives; decoded is what it parses.
 * Run: npx tsx bench/analysis-buckets.ts [orders] [runs]
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { seedLarge } from '../api/db/seed/large.ts';
import { startTestApi, TEST_PASSWORD } from '../api/testing/api-harness.ts';
import { cookieFrom, postJson, startTestBff } from '../bff/testing/bff-harness.ts';
import type { AnalysisOrder, HourBucket } from '#contracts/order.ts';
import { cumulativeSeries, seriesFromBuckets } from '#machines/analytics/chart.ts';

const ORDERS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
/** What Chromium 1xx sends on a same-origin fetch. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

const agent = new http.Agent({ keepAlive: true });
const get = (url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string; wire: Buffer }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            wire: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
const decode = (encoding: string, wire: Buffer): Buffer =>
  encoding === 'br'
    ? brotliDecompressSync(wire)
    : encoding === 'gzip'
      ? gunzipSync(wire)
      : encoding === 'deflate'
        ? inflateSync(wire)
        : wire;

const report = (
  label: string,
  runs: Array<{ ms: number; wire: number; decoded: number; encoding: string; count: number }>,
  what: string,
) => {
  const ms = runs.map((r) => r.ms);
  const r0 = runs[0]!;
  console.log(
    `${label.padEnd(12)} median ${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}, ${RUNS} runs), ` +
      `${kb(r0.wire)} on the wire (${r0.encoding}), ${kb(r0.decoded)} decoded, ${r0.count} ${what}`,
  );
};

const t = await startTestApi();
const bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: 1_000_000 });
try {
  const boss = await t.register({ name: 'Bench', lastName: 'Admin' });
  await t.makeAdmin(boss.user._id);
  const day = new Date(Date.now() - 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const seeded = await seedLarge(t.db, { products: 1000, orders: ORDERS, ordersDay: day, dataDir: t.config.DATA_DIR });
  console.log(`seeded ${seeded.orders} orders on ${date} in ${(seeded.ms / 1000).toFixed(1)} s (PGlite)`);
  const paths = [
    ['per-order', `/api/orders/analysis/${date}`],
    ['bucket=hour', `/api/orders/analysis/${date}?bucket=hour`],
  ] as const;

  console.log('\n## Straight to the API (no Accept-Encoding), to the parsed answer');
  for (const [label, path] of paths) {
    const time = async () => {
      const started = performance.now();
      const res = await t.authed(boss.token)(path, { headers: { 'accept-encoding': 'identity' } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text}`);
      const items = (JSON.parse(text) as unknown[]).length;
      const bytes = Buffer.byteLength(text);
      return { ms: performance.now() - started, wire: bytes, decoded: bytes, encoding: 'identity', count: items };
    };
    await time(); // warm-up: plan caches, JIT
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await time());
    report(label, runs, 'items');
  }

  console.log(`\n## The page's request: through the BFF, session cookie, Accept-Encoding: ${BROWSER_ENCODING}, to the chart's series`);
  const login = await postJson(`${bff.url}/api/users/login`, { email: boss.user.email, password: TEST_PASSWORD, doNotLogout: false });
  if (!login.ok) throw new Error(`login through the BFF answered ${login.status}`);
  const headers = { cookie: cookieFrom(login), accept: 'application/json', 'accept-encoding': BROWSER_ENCODING };
  for (const [label, path] of paths) {
    const time = async () => {
      const started = performance.now();
      const res = await get(`${bff.url}${path}`, headers);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status} through the BFF`);
      const body = decode(res.encoding, res.wire);
      const answer = JSON.parse(body.toString('utf8')) as unknown;
      const series = path.includes('bucket=hour')
        ? seriesFromBuckets(answer as HourBucket[], date)
        : cumulativeSeries(answer as AnalysisOrder[], date);
      return {
        ms: performance.now() - started,
        wire: res.wire.length,
        decoded: body.length,
        encoding: res.encoding,
        count: series.length,
        last: series.at(-1),
      };
    };
    await time();
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await time());
    report(label, runs, 'chart points');
    console.log(`${''.padEnd(12)} last point ${JSON.stringify(runs[0]!.last)}`);
  }
} finally {
  await bff.stop();
  await t.stop();
  agent.destroy();
}
