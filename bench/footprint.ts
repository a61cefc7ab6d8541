/**
 * The shop's footprint on a small server, as a newcomer meets it: `npm start` (npm itself, its
 * sh, tsx's wrapper, the BFF, the API child: every process it started, found through /proc)
 * into an empty DATA_DIR on a free PORT with the client already built, then ten page views over
 * HTTP (/, /product-list, product details, with the files each page names, fetched once as a
 * browser caches them) and 15 s idle; then the same on a restart of that seeded folder. Prints
 * each process's resident memory then and at its peak, its proportional share (PSS: the node
 * binary's pages, which every server process maps, divided among them) and its private part, and
 * the load average (the machine may be shared). Goals: a first start ≤ 20 s and ≤ 350 MB in all;
 * a restart ≤ 3 s and ≤ 300 MB, judged on the RSS sum.
 *   npx tsx bench/footprint.ts [idle seconds, default 15]
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { checkBuild } from '../scripts/build-freshness.ts';
import { atMost, type Figure, isEntry, printFigures } from './support/figures.ts';
import { firstOk, removeDir, tempDir } from './support/processes.ts';
import { startNpmShop } from './support/shop.ts';
import { describeTree, killLeft, type MbField, waitGone, processTree, type TreeProcess, totalMb } from './support/process-tree.ts';

const GOALS = { firstMb: 350, restartMb: 300, firstSeconds: 20, restartSeconds: 3 };

const VIEWS = 10;

/** What a page names that a browser then fetches from the shop itself (scripts, styles, pictures). */
const assetsOf = (html: string): string[] =>
  [...html.matchAll(/(?:src|href)="(\/[^"/][^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((u) => !u.startsWith('//'));

/** Ten page views: home, the list, product details (ids from the list's own answer), with their files. */
const browse = async (url: string): Promise<void> => {
  const list = (await (await fetch(`${url}/api/products?pageNum=1`)).json()) as { products: { _id: string }[] };
  const ids = list.products.map((p) => p._id);
  const pages = ['/', '/product-list', ...ids.slice(0, VIEWS - 2).map((id) => `/product-details/${id}`)];
  const fetched = new Set<string>();
  const get = async (path: string) => {
    const res = await fetch(url + path, { headers: { 'accept-encoding': 'br, gzip' } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return text;
  };
  for (const page of pages.slice(0, VIEWS)) {
    const html = await get(page);
    for (const asset of assetsOf(html).filter((a) => !fetched.has(a))) {
      fetched.add(asset);
      await get(asset).catch(() => undefined);
    }
  }
};

export type Run = { label: string; seconds: number; tree: TreeProcess[]; load: number[]; killed: string[] };

/** One `npm start` on `dataDir`: to the first 200 on /, ten page views, idle, then every process's memory. */
const runOnce = async (label: string, dataDir: string, idleSeconds: number, env: Record<string, string>): Promise<Run> => {
  const { url, child, startedAt } = await startNpmShop(dataDir, env);
  let seen: TreeProcess[] = [];
  try {
    const ms = await firstOk(`${url}/`, startedAt);
    await browse(url);
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    seen = processTree(child.proc.pid!);
    return { label, seconds: ms / 1000, tree: seen, load: loadavg(), killed: [] };
  } finally {
    seen = seen.length ? seen : processTree(child.proc.pid!);
    await child.stop();
    // The API child is in a group of its own: the BFF stops it, and anything left is ended here.
    await waitGone(seen);
    const killed = killLeft(seen);
    if (killed.length) console.warn(`${label}: still running after the stop, killed: ${killed.join(', ')}`);
  }
};

const byRole = (run: Run): Map<string, TreeProcess> => {
  const roles = new Map<string, TreeProcess>();
  for (const p of run.tree) {
    const had = roles.get(p.role);
    const sum = (field: MbField) => (had?.[field] ?? 0) + p[field];
    roles.set(p.role, had ? { ...had, rssMb: sum('rssMb'), peakMb: sum('peakMb'), pssMb: sum('pssMb'), privateMb: sum('privateMb') } : p);
  }
  return roles;
};

const describeRun = (run: Run): string =>
  `${run.label}: first 200 on / after ${run.seconds.toFixed(1)} s; after ${VIEWS} page views and the idle, ` +
  `${totalMb(run.tree).toFixed(0)} MB in ${run.tree.length} processes (load average ${run.load.map((l) => l.toFixed(2)).join(' ')}):\n` +
  describeTree(run.tree);

export const footprintBench = async ({ idleSeconds = 15, env = {} as Record<string, string> } = {}): Promise<Figure[]> => {
  const freshness = await checkBuild(process.cwd());
  if (freshness.state !== 'fresh') {
    console.log(`npm run build (${freshness.state}) …`);
    if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = await tempDir('footprint');
  try {
    const first = await runOnce('first npm start, empty DATA_DIR', dataDir, idleSeconds, env);
    console.log(describeRun(first));
    const again = await runOnce('restart on that DATA_DIR', dataDir, idleSeconds, env);
    console.log(describeRun(again));
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    const s = (v: number) => `${v.toFixed(1)} s`;
    const figures: Figure[] = [];
    for (const [run, goalMb, goalSeconds, name] of [
      [first, GOALS.firstMb, GOALS.firstSeconds, 'first start (seeds)'],
      [again, GOALS.restartMb, GOALS.restartSeconds, 'restart, seeded'],
    ] as const) {
      const note = `load average ${run.load[0]!.toFixed(2)}`;
      figures.push({
        bench: 'footprint',
        figure: `${name}: first 200 on /`,
        goal: `≤ ${goalSeconds} s`,
        value: s(run.seconds),
        verdict: atMost(run.seconds, goalSeconds),
        note,
      });
      figures.push({
        bench: 'footprint',
        figure: `${name}: RSS of all its processes after ${VIEWS} views and ${idleSeconds} s idle`,
        goal: `≤ ${goalMb} MB`,
        value: mb(totalMb(run.tree)),
        verdict: atMost(totalMb(run.tree), goalMb),
        note,
      });
      // Beside the goal's RSS sum: the pages the processes share (the node binary's) counted once.
      figures.push({
        bench: 'footprint',
        figure: `${name}: PSS of all its processes (shared pages counted once; private ${mb(totalMb(run.tree, 'privateMb'))})`,
        goal: '',
        value: mb(totalMb(run.tree, 'pssMb')),
        verdict: 'ref',
      });
      for (const [role, p] of byRole(run)) {
        figures.push({
          bench: 'footprint',
          figure: `${name}: ${role} (peak ${mb(p.peakMb)}, PSS ${mb(p.pssMb)})`,
          goal: '',
          value: mb(p.rssMb),
          verdict: 'ref',
        });
      }
    }
    return figures;
  } finally {
    await removeDir(dataDir);
  }
};

if (isEntry(import.meta.url)) printFigures(await footprintBench({ idleSeconds: Number(process.argv[2] ?? 15) }));
