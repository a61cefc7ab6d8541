/**
 * The shop through the balancer with one API and one BFF vs two and two, same run:
 * both clusters (scripts/cluster/cluster.ts, what `npm run start:cluster` runs: PostgreSQL,
 * Redis, the instances, nginx) are up side by side, each in its own temp DATA_DIR, seeded with
 * the demo shop; the one not measured idles.
 * - the product list: `GET /api/products?pageNum=1` with autocannon on nginx's public port
 *   (keep-alive, 50 connections, Accept-Encoding stated, as bench/proxy.ts), ROUNDS rounds of
 *   1+1 then 2+2, medians of the rounds;
 * - the chat relay: CUSTOMERS guest sockets and 3 admin sockets through nginx (as
 *   bench/chat-relay.ts, fewer sockets: each costs nginx four connections), 3 rounds of one
 *   message each per 2 s; relay time from the customer's emit to the admin's receipt.
 * autocannon and the sockets run in this process and share the cores with every server: on
 * 2 CPUs two instances of each add processes, not cores, so the figures are reported, not gates.
 * Writes bench/results/cluster.md. Run: npx tsx bench/cluster.ts [seconds per round, default 5] [customers, default 300]
 */
import { chmod, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startCluster } from '../scripts/cluster/cluster.ts';
import { LIMITS as CHAT_LIMITS } from './chat-relay.ts';
import { connectAll, sendRounds, settle, viaShop } from './support/chat-load.ts';
import { type Figure, isEntry, machine, median, percentile, printFigures } from './support/figures.ts';
import { removeDir, tempDir } from './support/processes.ts';

const PATH = '/api/products?pageNum=1';
const CONNECTIONS = 50;
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const ROUNDS = 3;
/** One address sends everything here: every per-address limit is raised (printed in the results). */
export const LIMITS = {
  ...CHAT_LIMITS,
  API_LIMIT_PER_MINUTE: '1000000000',
  // nginx's limit_conn takes less than 65,536.
  CONNECTIONS_PER_ADDRESS: '10000',
};

export type Topology = { label: string; apis: number; bffs: number; url: string; stop(): Promise<void> };
type Load = { rps: number; p50: number; p99: number; failed: number };
type Chat = { p50: number; p99: number; sent: number; lost: number; duplicated: number; refused: number };

/**
 * A cluster of `apis` + `bffs` with the demo shop, LIMITS raised; `env` adds to the instances'
 * variables and `log` gets every line of every component (bench/catalogue.ts counts the API's).
 */
export const start = async (
  apis: number,
  bffs: number,
  build: boolean,
  { env = {}, log }: { env?: Record<string, string>; log?: (line: string) => void } = {},
): Promise<Topology> => {
  const dataDir = await tempDir(`cluster-${apis}x${bffs}`);
  try {
    // tempDir is private; run as root, the cluster's PostgreSQL runs as `postgres`, which must reach it.
    await chmod(dataDir, 0o755);
    const cluster = await startCluster({
      dataDir,
      port: 0,
      apis,
      bffs,
      seed: 'demo',
      build,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...LIMITS, ...env },
      log: (line) => {
        log?.(line);
        if (process.env.BENCH_VERBOSE === '1') console.log(line);
      },
    });
    return {
      label: `${apis} API + ${bffs} BFF`,
      apis,
      bffs,
      url: cluster.url,
      stop: async () => (await cluster.stop(), await removeDir(dataDir)),
    };
  } catch (error) {
    await removeDir(dataDir);
    throw error;
  }
};

const measure = async (url: string, seconds: number): Promise<Load> => {
  const r = await autocannon({ url: `${url}${PATH}`, connections: CONNECTIONS, duration: seconds, headers: HEADERS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
};

/** Which instances answer the product list (20 calls): proof the load reaches every one. */
const answering = async (url: string): Promise<string> => {
  const seen = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${url}${PATH}`, { headers: HEADERS });
    await res.arrayBuffer();
    seen.add(res.headers.get('x-instance') ?? '(none)');
  }
  return [...seen].sort().join(', ');
};

const chat = async (url: string, customers: number): Promise<Chat> => {
  const run = await connectAll(await viaShop(url, 3), customers);
  try {
    const opening = await sendRounds(run, 'open', 1, 2_000);
    await settle(run, opening);
    const sent = await sendRounds(run, 'relay', 3, 2_000);
    await settle(run, sent);
    const times = sent.flatMap((s) => (run.received.has(s.text) ? [run.received.get(s.text)!.at - s.at] : []));
    const all = [...opening, ...sent];
    return {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      sent: all.length,
      lost: all.filter((s) => !run.received.has(s.text)).length,
      duplicated: [...run.received.values()].reduce((n, r) => n + r.count - 1, 0),
      refused: all.filter((s) => !s.ok).length,
    };
  } finally {
    run.close();
  }
};

const table = (rows: string[][]): string[] => [
  `| ${rows[0]!.join(' | ')} |`,
  `|${rows[0]!.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
  ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
];

export const clusterBench = async ({ seconds = 5, customers = 300 }: { seconds?: number; customers?: number } = {}): Promise<Figure[]> => {
  const started = new Date();
  const loadBefore = loadavg()[0]!;
  console.log(
    `cluster: ${PATH} with ${CONNECTIONS} connections, ${ROUNDS} rounds of ${seconds} s per topology; chat with ${customers} guests + 3 admins`,
  );
  const topologies: Topology[] = [];
  try {
    topologies.push(await start(1, 1, true));
    topologies.push(await start(2, 2, false));
    const answered = new Map<Topology, string>();
    for (const t of topologies) answered.set(t, await answering(t.url));
    for (const t of topologies) await measure(t.url, seconds); // warm-up: JIT, pools, the count cache
    const loads = new Map<Topology, Load[]>(topologies.map((t) => [t, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of topologies) {
        const l = await measure(t.url, seconds);
        loads.get(t)!.push(l);
        console.log(`round ${round + 1} ${t.label}: ${l.rps.toFixed(0)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms, failed ${l.failed}`);
      }
    }
    const chats = new Map<Topology, Chat>();
    for (const t of topologies) {
      chats.set(t, await chat(t.url, customers));
      console.log(`chat ${t.label}: p50 ${chats.get(t)!.p50.toFixed(1)} ms, p99 ${chats.get(t)!.p99.toFixed(1)} ms`);
    }
    const m = (t: Topology, pick: (l: Load) => number) => median(loads.get(t)!.map(pick));
    const [one, two] = topologies as [Topology, Topology];
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const f = (figure: string, goal: string, value: string): Figure => ({ bench: 'cluster', figure, goal, value, verdict: 'ref' });
    const rows = [
      ['through nginx', ...topologies.map((t) => t.label)],
      ['product list answered by (X-Instance)', ...topologies.map((t) => answered.get(t)!)],
      ['product list: req/s (median of rounds)', ...topologies.map((t) => m(t, (l) => l.rps).toFixed(0))],
      ['product list: p50 / p99', ...topologies.map((t) => `${m(t, (l) => l.p50)} / ${m(t, (l) => l.p99)} ms`)],
      ['product list: non-2xx and errors', ...topologies.map((t) => String(loads.get(t)!.reduce((n, l) => n + l.failed, 0)))],
      ['chat relay: p50 / p99', ...topologies.map((t) => `${ms(chats.get(t)!.p50)} / ${ms(chats.get(t)!.p99)}`)],
      [
        'chat: lost / duplicated / refused',
        ...topologies.map((t) => `${chats.get(t)!.lost} / ${chats.get(t)!.duplicated} / ${chats.get(t)!.refused} of ${chats.get(t)!.sent}`),
      ],
    ];
    const figures = [
      f(
        'product list req/s, 2+2 vs 1+1',
        `1+1: ${m(one, (l) => l.rps).toFixed(0)}`,
        `${m(two, (l) => l.rps).toFixed(0)} (×${(m(two, (l) => l.rps) / m(one, (l) => l.rps)).toFixed(2)})`,
      ),
      f('product list p99, 2+2 vs 1+1', `1+1: ${m(one, (l) => l.p99)} ms`, `${m(two, (l) => l.p99)} ms`),
      f('chat relay p99, 2+2 vs 1+1', `1+1: ${ms(chats.get(one)!.p99)}`, ms(chats.get(two)!.p99)),
      f(
        'chat lost / duplicated, 2+2',
        `1+1: ${chats.get(one)!.lost} / ${chats.get(one)!.duplicated}`,
        `${chats.get(two)!.lost} / ${chats.get(two)!.duplicated} of ${chats.get(two)!.sent}`,
      ),
    ];
    const date = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    await writeFile(
      'bench/results/cluster.md',
      [
        '# One API + one BFF vs two + two, through nginx',
        '',
        `Measured ${date} on ${machine()}, Node ${process.version}; load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end (the machine is shared).`,
        `Command: \`npx tsx bench/cluster.ts ${seconds} ${customers}\` (also \`npm run bench -- --only cluster\`).`,
        `Both clusters (PostgreSQL, Redis, the instances, nginx; demo seed) run side by side; rounds alternate 1+1 and 2+2. Product list: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${seconds} s each, medians. Chat: ${customers} guests and 3 admins over websocket, 3 rounds of one message each per 2 s; relay time from the customer's emit to the admin's receipt, both in the bench's process.`,
        `Limits raised for one address: ${Object.entries(LIMITS)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}.`,
        '"Answered by": 20 calls one after another before the rounds; the public and the internal round-robins then step together, so the same pairs repeat.',
        'On 2 CPUs a second instance adds a process, not a core: these are figures to report, not gates.',
        '',
        ...table(rows),
        '',
        `Per round (req/s, p99): ${topologies
          .map(
            (t) =>
              `${t.label}: ${loads
                .get(t)!
                .map((l) => `${l.rps.toFixed(0)}, ${l.p99} ms`)
                .join('; ')}`,
          )
          .join('. ')}.`,
        '',
      ].join('\n'),
    );
    printFigures(figures);
    console.log(`\n${table(rows).join('\n')}\n\nwrote bench/results/cluster.md`);
    return figures;
  } finally {
    for (const t of topologies) await t.stop();
  }
};

if (isEntry(import.meta.url)) await clusterBench({ seconds: Number(process.argv[2] ?? 5), customers: Number(process.argv[3] ?? 300) });
