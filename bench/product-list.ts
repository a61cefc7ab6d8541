/**
 * GET /api/products at 100,000 products on a PostgreSQL server: the 12 list queries
 * bench/results/product-list-100k.md records (page 1, page 5000, category, price + rating, attributes, the 5 sorts, a common and a rare
 * search word), each through the API over HTTP (routing, SQL, JSON: what the BFF waits for),
 * RUNS times after a warm-up; prints p50/p95 per query. With --plans FILE it also writes the
 * EXPLAIN (ANALYZE, BUFFERS) of every SQL statement one call of each query runs. The API keeps
 * each filter's count for a few seconds, so the timed runs mostly pay for the page alone.
 *
 * Run: DATABASE_URL=postgres://… npx tsx bench/product-list.ts [runs] [--plans FILE]
 * Seeds up to 100,000 products first when the database holds fewer (the same as
 * `npm run seed -- --products N`), so a second run reuses them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApi } from '../api/app.ts';
import { forgetCounts } from '../api/components/products/count-cache.ts';
import { loadApiConfig } from '../api/config.ts';
import { openDb, type Db } from '../api/db/index.ts';
import { seedLarge } from '../api/db/seed/large.ts';

const PRODUCTS = 100_000;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { plans: { type: 'string' } } });
const RUNS = Number(positionals[0] ?? 50);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL database (it gets 100,000 products if it has fewer).');

/** Label → path under /api/products; words and values exist in the large seed's catalogue. */
const QUERIES: [string, string][] = [
  ['page 1', '/?pageNum=1&price=&rating=&category=&attrs=&sort='],
  ['page 5000', '/?pageNum=5000'],
  ['category', '/category/Computers/?pageNum=1'],
  ['price + rating', '/?pageNum=1&price=500&rating=4,5,'],
  ['attributes', '/?pageNum=1&attrs=color-black-blue,RAM-32 GB,'],
  ['sort price_1', '/?pageNum=1&sort=price_1'],
  ['sort price_-1', '/?pageNum=1&sort=price_-1'],
  ['sort rating_-1', '/?pageNum=1&sort=rating_-1'],
  ['sort name_1', '/?pageNum=1&sort=name_1'],
  ['sort name_-1', '/?pageNum=1&sort=name_-1'],
  ['search common (laptop)', '/search/laptop/?pageNum=1'],
  ['search rare (wren)', '/search/wren/?pageNum=1'],
];
/** Not among the 12: the other paths of a one-word search (api/components/products/search-page.ts). */
const EXTRA: [string, string][] = [
  ['+ search keyboard', '/search/keyboard/?pageNum=1'], // as common, only ever once in a description
  ['+ search laptop p. 300', '/search/laptop/?pageNum=300'], // past the 2,942 with "laptop" in the name
  ['+ search pro, last page', '/search/pro/?pageNum=1656'], // in 16,551 names, in no description
];

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Records the statements the API sends while `recording` is set, to EXPLAIN them afterwards. */
const recorder = (db: Db) => {
  const seen: { sql: string; params: unknown[] }[] = [];
  let recording = false;
  const wrapped: Db = {
    ...db,
    query: (sql, params) => {
      if (recording) seen.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  return { db: wrapped, seen, set: (on: boolean) => (recording = on) };
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-bench-'));
const db = await openDb({ dataDir, databaseUrl, poolSize: 4 });
const rec = recorder(db);
const config = await loadApiConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test', SEED: 'none' });
const api = createApi({ db: rec.db, config, attachments: [] });
try {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from products');
  const have = rows[0]!.n;
  if (have < PRODUCTS) {
    console.log(`seeding ${PRODUCTS - have} products …`);
    await seedLarge(db, { products: PRODUCTS - have, dataDir });
  }
  await db.query('vacuum analyze products, product_search_terms');
  const { rows: migrations } = await db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1');
  console.log(
    `${Math.max(have, PRODUCTS)} products, last migration ${migrations[0]?.name}, ${RUNS} runs per query, through the API over HTTP`,
  );
  const { url } = await api.start(0, '127.0.0.1');

  const call = async (p: string): Promise<{ ms: number; total: number }> => {
    const started = performance.now();
    const res = await fetch(`${url}/api/products${p}`);
    const body = (await res.json()) as { products: unknown[]; paginationLinksNumber: number };
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, total: body.paginationLinksNumber };
  };

  const plans: string[] = [];
  let met = 0;
  console.log(`${'query'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  pages`);
  for (const [label, p] of [...QUERIES, ...EXTRA]) {
    for (let i = 0; i < 3; i++) await call(p);
    const ms: number[] = [];
    let pages = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await call(p);
      ms.push(r.ms);
      pages = r.total;
    }
    ms.sort((a, b) => a - b);
    const p95 = percentile(ms, 95);
    if (p95 <= 20 && QUERIES.some(([l]) => l === label)) met++;
    console.log(`${label.padEnd(24)} ${percentile(ms, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${pages}`);
    if (values.plans) {
      rec.seen.length = 0;
      forgetCounts(rec.db); // so the plans show the count too, as on the first call of a filter
      rec.set(true);
      await call(p);
      rec.set(false);
      plans.push(`### ${label}: \`GET /api/products${p}\`\n`);
      for (const { sql, params } of rec.seen) {
        const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
        plans.push(
          '```',
          sql.replace(/\s+/g, ' ').trim(),
          `-- params: ${JSON.stringify(params)}`,
          ...plan.map((r) => r['QUERY PLAN']),
          '```\n',
        );
      }
    }
  }
  console.log(`${met} of ${QUERIES.length} at p95 ≤ 20 ms`);
  if (values.plans) {
    await writeFile(values.plans, plans.join('\n'));
    console.log(`plans written to ${values.plans}`);
  }
} finally {
  await api.stop();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
