/**
 * GET /api/orders/analysis/{date}: the spec's per-order answer against `?bucket=hour` (24
 * cumulative points summed in SQL) on a day of 100,000 orders, on PGlite, through HTTP.
 * Run: npx tsx bench/analysis-buckets.ts [orders] [runs]
 */
import { seedLarge } from '../api/db/seed/large.ts';
import { startTestApi } from '../api/testing/api-harness.ts';

const ORDERS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const t = await startTestApi();
try {
  const boss = await t.register({ name: 'Bench', lastName: 'Admin' });
  await t.makeAdmin(boss.user._id);
  const day = new Date(Date.now() - 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const seeded = await seedLarge(t.db, { products: 1000, orders: ORDERS, ordersDay: day, dataDir: t.config.DATA_DIR });
  console.log(`seeded ${seeded.orders} orders on ${date} in ${(seeded.ms / 1000).toFixed(1)} s (PGlite)`);

  const time = async (path: string) => {
    const started = performance.now();
    const res = await t.authed(boss.token)(path);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text}`);
    return { ms: performance.now() - started, bytes: text.length, items: (JSON.parse(text) as unknown[]).length };
  };

  for (const [label, path] of [
    ['per-order', `/api/orders/analysis/${date}`],
    ['bucket=hour', `/api/orders/analysis/${date}?bucket=hour`],
  ] as const) {
    await time(path); // warm-up: plan caches, JIT
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await time(path));
    const ms = runs.map((r) => r.ms);
    console.log(
      `${label.padEnd(12)} median ${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}, ` +
        `${RUNS} runs), ${runs[0]!.items} items, ${(runs[0]!.bytes / 1024).toFixed(0)} KB`,
    );
  }
} finally {
  await t.stop();
}
