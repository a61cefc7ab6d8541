/**
 * GET /api/orders/admin at 100,000 orders (the whole list answered 94 MB in 2.4 s and
 * lifted RSS by 400 MB): the spec's unpaged array beside `?page=1&limit=100` and a deep page,
 * each through the API over HTTP as the BFF calls it. Prints per answer: the median time to the
 * last byte, the JSON bytes (identity), the bytes on the wire with `Accept-Encoding: br`, and the
 * RSS growth while answering: the process's peak RSS (Linux VmHWM, reset before each call through
 * /proc/self/clear_refs) minus its RSS just before. API and caller share the process, and the
 * caller counts the body without holding it, so the growth is the API's.
 *
 * Run: [DATABASE_URL=postgres://…] npx tsx --expose-gc bench/admin-orders.ts [runs]
 * PostgreSQL when DATABASE_URL is set (as bench/product-list.ts), else the embedded PGlite in a
 * temporary folder. Seeds up to 100,000 orders first when the database holds fewer.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApi } from '../api/app.ts';
import { hashPassword } from '../api/auth/password.ts';
import { createSession } from '../api/auth/sessions.ts';
import { signToken, tokenLifetime } from '../api/auth/token.ts';
import { loadApiConfig } from '../api/config.ts';
import { openDb, type Db } from '../api/db/index.ts';
import { seedLarge } from '../api/db/seed/large.ts';

const ORDERS = 100_000;
const RUNS = Number(process.argv[2] ?? 3);
const databaseUrl = process.env.DATABASE_URL;

const CALLS: [string, string][] = [
  ['?page=1&limit=100', '/api/orders/admin?page=1&limit=100'],
  ['?page=1000&limit=100 (last)', '/api/orders/admin?page=1000&limit=100'],
  ["unpaged (the spec's array)", '/api/orders/admin'],
];

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`);
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** Starts a new peak at the current RSS (Linux: clear_refs 5 resets VmHWM). */
const resetPeak = (): void => writeFileSync('/proc/self/clear_refs', '5');
const peakRss = (): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/** An admin with a live session, straight in the database (the bench has no BFF to log in through). */
const adminToken = async (db: Db, tokenSecret: string): Promise<string> => {
  const email = `bench-admin-${randomUUID()}@example.test`;
  const { rows } = await db.query<{ _id: string; name: string; lastName: string; email: string; isAdmin: boolean }>(
    `insert into users (name, last_name, email, password_hash, is_admin) values ('Bench', 'Admin', $1, $2, true)
     returning id as "_id", name, last_name as "lastName", email, is_admin as "isAdmin"`,
    [email, await hashPassword(randomUUID())],
  );
  const lifetime = tokenLifetime(false);
  const sid = await createSession(db, rows[0]!._id, lifetime);
  return signToken({ ...rows[0]!, sid }, tokenSecret, lifetime);
};

type Measured = { ms: number; bytes: number; total: string | null; rssGrowth: number };

const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-bench-'));
const db = await openDb({ dataDir, databaseUrl, poolSize: 4 });
const config = await loadApiConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test', SEED: 'none' });
const api = createApi({ db, config, attachments: [] });
try {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from orders');
  const have = rows[0]!.n;
  if (have < ORDERS) {
    console.log(`seeding ${ORDERS - have} orders …`);
    const { rows: products } = await db.query<{ n: number }>('select count(*)::int as n from products');
    await seedLarge(db, { products: products[0]!.n < 1000 ? 1000 : 0, orders: ORDERS - have, dataDir });
  }
  await db.query('vacuum analyze orders');
  const { rows: migrations } = await db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1');
  const token = await adminToken(db, config.TOKEN_SECRET);
  const { url } = await api.start(0, '127.0.0.1');
  console.log(
    `${Math.max(have, ORDERS)} orders on ${db.kind}, last migration ${migrations[0]?.name}, median of ${RUNS} runs, through the API over HTTP`,
  );

  /** One call, its body counted chunk by chunk, never held. */
  const call = async (p: string, encoding: string): Promise<Measured> => {
    gc();
    resetPeak();
    const before = process.memoryUsage.rss();
    const started = performance.now();
    // http, not fetch: fetch would decode the body, and the wire's bytes are what is counted.
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      get(url + p, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, resolve).on('error', reject);
    });
    if (res.statusCode !== 200) throw new Error(`${p} answered ${res.statusCode}`);
    let bytes = 0;
    for await (const chunk of res) bytes += (chunk as Buffer).length;
    const header = res.headers['x-total-count'];
    return { ms: performance.now() - started, bytes, total: typeof header === 'string' ? header : null, rssGrowth: peakRss() - before };
  };

  console.log(
    `${'answer'.padEnd(30)} ${'median ms'.padStart(10)} ${'JSON'.padStart(10)} ${'br wire'.padStart(10)} ${'RSS +'.padStart(10)}  X-Total-Count`,
  );
  for (const [label, p] of CALLS) {
    await call(p, 'identity'); // warm-up
    const runs: Measured[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await call(p, 'identity'));
    const wire = await call(p, 'br');
    console.log(
      `${label.padEnd(30)} ${median(runs.map((r) => r.ms))
        .toFixed(0)
        .padStart(
          10,
        )} ${mb(runs[0]!.bytes).padStart(10)} ${mb(wire.bytes).padStart(10)} ${mb(median(runs.map((r) => r.rssGrowth))).padStart(10)}  ${runs[0]!.total ?? '—'}`,
    );
  }
} finally {
  await api.stop();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
