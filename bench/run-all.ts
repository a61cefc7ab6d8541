/**
 * npm run bench: builds the client, runs every bench one after the other (never side by side:
 * they measure the machine), and writes bench/results/summary.md, one Markdown table of every
 * figure beside its goal or reference, with the date and the machine. The benches in `mine`
 * return their figures; the older ones (their own scripts) are run as they are and their
 * printed output goes under the table, with a headline row where their output states one.
 *   npm run bench [-- --only proxy,chat-relay,cluster,catalogue,journeys] [--skip lighthouse] [--note "text for the summary"]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { backupBench } from './backup.ts';
import { catalogueBench } from './catalogue.ts';
import { chatRelay } from './chat-relay.ts';
import { supportView } from './support-view.ts';
import { clusterBench } from './cluster.ts';
import { coldStart } from './cold-start.ts';
import { footprintBench } from './footprint.ts';
import { imagesBench } from './images.ts';
import { journeysBench } from './journeys.ts';
import { lighthouseBench } from './lighthouse.ts';
import { proxy } from './proxy.ts';
import { type Figure, machine, printFigures } from './support/figures.ts';
import { startPostgres } from './support/postgres.ts';
import { childEnv } from './support/processes.ts';
import { type Ran, summary } from './support/summary.ts';

const { values } = parseArgs({ options: { only: { type: 'string' }, skip: { type: 'string' }, note: { type: 'string' } } });
const only = values.only?.split(',');
const skip = values.skip?.split(',') ?? [];
const chosen = (name: string) => (!only || only.includes(name)) && !skip.includes(name);

/** Runs an older bench script as it is, echoing and keeping what it prints. */
const script = (file: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => resolve({ code, output: code === 0 ? output : `${output}\n(exited with code ${code})` }));
  });

const row = (bench: string, figure: string, goal: string, value: string, verdict: Figure['verdict']): Figure => ({
  bench,
  figure,
  goal,
  value,
  verdict,
});

/** Each older bench: how to run it and the headline its output states, if it does. */
const older: { name: string; run: () => Promise<{ command: string; output: string; figures: Figure[]; skipped?: string }> }[] = [
  {
    name: 'widget-size',
    run: async () => {
      const { output } = await script('bench/widget-size.ts', ['--no-build']);
      const figures = [...output.matchAll(/^(loader \(chat\.js\)|whole widget)\s+([\d.]+ KB) of ([\d.]+ KB) budget: (\w+)/gm)].map((m) =>
        row('widget-size', `${m[1]} gzip`, `≤ ${m[3]}`, m[2]!, m[4] === 'within' ? 'pass' : 'miss'),
      );
      return { command: 'npx tsx bench/widget-size.ts --no-build (after npm run build)', output, figures };
    },
  },
  {
    name: 'bundle-size',
    run: async () => ({
      command: 'npx tsx bench/bundle-size.ts --no-build (after npm run build)',
      output: (await script('bench/bundle-size.ts', ['--no-build'])).output,
      figures: [],
    }),
  },
  {
    name: 'json-compression',
    run: async () => ({
      command: 'npx tsx bench/json-compression.ts',
      output: (await script('bench/json-compression.ts')).output,
      figures: [],
    }),
  },
  {
    name: 'analysis-buckets',
    run: async () => {
      const { output } = await script('bench/analysis-buckets.ts');
      // Two sections: straight to the API, then the page's request through the BFF.
      const [direct = '', page = ''] = output.split(/^## The page's request/m);
      const figures = [
        ['straight to the API', direct],
        ["the page's request through the BFF", page],
      ].flatMap(([how, text]) =>
        [...text!.matchAll(/^(per-order|bucket=hour)\s+median ([\d.]+ ms).*?([\d.]+ KB) on the wire \((\w+)\)/gm)].map((m) =>
          row(
            'analysis-buckets',
            `${m[1]} at 100,000 orders, ${how}`,
            m[1] === 'per-order' ? 'main, quiet, API: 387 ms, 12 MB' : 'main, quiet, API: 69 ms, 1 KB',
            `${m[2]}, ${m[3]} (${m[4]})`,
            'ref',
          ),
        ),
      );
      return { command: 'npx tsx bench/analysis-buckets.ts', output, figures };
    },
  },
  {
    name: 'product-list',
    run: async () => {
      const command = 'DATABASE_URL=(a private PostgreSQL: bench/support/postgres.ts) npx tsx bench/product-list.ts';
      let pg;
      try {
        pg = await startPostgres();
      } catch (error) {
        return {
          command,
          output: '',
          figures: [],
          skipped: `no PostgreSQL server could be started: ${(error as Error).message.split('\n')[0]}`,
        };
      }
      try {
        const { output } = await script('bench/product-list.ts', [], { DATABASE_URL: pg.url });
        const met = /^(\d+) of (\d+) at p95 ≤ 20 ms/m.exec(output);
        const figures = met
          ? [
              row(
                'product-list',
                'list queries at 100,000 products with p95 ≤ 20 ms',
                `all ${met[2]} (before migration 008: 2 of 12)`,
                `${met[1]} of ${met[2]}`,
                met[1] === met[2] ? 'pass' : 'miss',
              ),
            ]
          : [];
        return { command, output, figures };
      } finally {
        await pg.stop();
      }
    },
  },
];

/** The benches written to return their figures (the rest are run as scripts below). */
const mine: { name: string; command: string; run: () => Promise<Figure[]> }[] = [
  { name: 'cold-start', command: 'npx tsx bench/cold-start.ts', run: coldStart },
  // A small server's memory: npm start's every process after ten page views and 15 s idle, first start and restart.
  { name: 'footprint', command: 'npx tsx bench/footprint.ts', run: () => footprintBench() },
  // Measures the logged-in GET /api/orders too, at half the API's capacity, open loop.
  { name: 'proxy', command: 'npx tsx bench/proxy.ts 5', run: () => proxy({ seconds: 5 }) },
  { name: 'chat-relay', command: 'npx tsx bench/chat-relay.ts 1000', run: () => chatRelay({ customers: 1000 }) },
  // 200 shoppers sharing their screen: the relay's p99 and each process's CPU per update.
  { name: 'support-view', command: 'npx tsx bench/support-view.ts 200 10', run: () => supportView({ shoppers: 200, seconds: 10 }) },
  { name: 'lighthouse', command: 'npx tsx bench/lighthouse.ts 5', run: () => lighthouseBench({ runs: 5 }) },
  // Ten phone photos uploaded, a phone's page weights, Lighthouse beside main's way of serving them.
  { name: 'images', command: 'npx tsx bench/images.ts 10 3', run: () => imagesBench({ photos: 10, runs: 3 }) },
  // Needs Debian's postgresql, redis-server and nginx (fails with the apt line without them).
  { name: 'cluster', command: 'npx tsx bench/cluster.ts 5 300', run: () => clusterBench({ seconds: 5, customers: 300 }) },
  // The catalogue's URL set through the BFF's cache and nginx's (the cluster's packages as above) beside a bare server.
  { name: 'catalogue', command: 'npx tsx bench/catalogue.ts 10', run: () => catalogueBench({ seconds: 10 }) },
  // 200 shoppers for 60 s against npm start, then against the cluster (its packages as above).
  { name: 'journeys', command: 'npx tsx bench/journeys.ts 200 60', run: () => journeysBench({ shoppers: 200, seconds: 60 }) },
  // Needs Debian's postgresql for its PostgreSQL half.
  { name: 'backup', command: 'npx tsx bench/backup.ts --products 100000 --orders 100000', run: () => backupBench() },
];

const started = new Date();
const loadBefore = loadavg()[0]!;
const ran: Ran[] = [];
console.log('npm run build …');
if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');

for (const bench of older.filter((b) => chosen(b.name))) {
  console.log(`\n== ${bench.name}`);
  const [t, load] = [performance.now(), loadavg()[0]!];
  ran.push({ name: bench.name, ...(await bench.run()), seconds: (performance.now() - t) / 1000, load });
}
for (const bench of mine.filter((b) => chosen(b.name))) {
  console.log(`\n== ${bench.name}`);
  const [t, load] = [performance.now(), loadavg()[0]!];
  try {
    const figures = await bench.run();
    printFigures(figures);
    ran.push({ name: bench.name, command: bench.command, figures, seconds: (performance.now() - t) / 1000, load });
  } catch (error) {
    console.error(error);
    ran.push({
      name: bench.name,
      command: bench.command,
      figures: [],
      failed: (error as Error).message.split('\n')[0],
      seconds: (performance.now() - t) / 1000,
      load,
    });
  }
}

await mkdir('bench/results', { recursive: true });
const file = 'bench/results/summary.md';
await writeFile(file, summary({ ran, started, machine: machine(), load: [loadBefore, loadavg()[0]!], note: values.note }));
console.log(`\nwrote ${file}`);
if (ran.some((r) => r.failed)) process.exitCode = 1;
