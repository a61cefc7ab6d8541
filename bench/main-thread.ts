/**
 * Where the main thread goes while home, a list and a details page load: one
 * Lighthouse mobile run per page (the run bench/lighthouse.ts scores, so the same simulated 4×
 * CPU slowdown), its trace taken with V8's sampling profiler, and every task the simulation
 * counts as long (≥ 12.5 ms observed: 50 ms once slowed down 4×), with what it ran: React's
 * phase (hydration, the commit's effects), the shop's own functions (components, hooks, machine
 * starts), Emotion's style insertion, parsing and layout. Names read best from a build without
 * minification: `npx vite build --minify false` before (then `npm run build` again after).
 * Run: npx tsx bench/main-thread.ts [runs per page, default 1] [--json file]
 */
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { isEntry } from './support/figures.ts';
import { removeDir, tempDir } from './support/processes.ts';
import { startNpmShop } from './support/shop.ts';
import { measuredPages, retried } from './lighthouse.ts';
import { cpuBlockingTime, type Trace, longTasks, type TaskReport } from './support/trace-tasks.ts';

const CHROME_FLAGS = ['--no-sandbox', '--headless=new', '--disable-gpu'];

type PageRun = { tbt: number; cpuTbt: number; performance: number; tasks: TaskReport[]; breakdown: Record<string, number> };

export const traced = async (url: string): Promise<PageRun> => {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } },
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const trace = (artifacts as unknown as { Trace: Trace }).Trace;
    const items =
      (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
    return {
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      cpuTbt: cpuBlockingTime(trace),
      tasks: longTasks(trace),
      breakdown: Object.fromEntries(items.map((i) => [i.groupLabel, Math.round(i.duration)])),
    };
  } finally {
    chrome.kill();
  }
};

const print = (page: string, run: PageRun) => {
  console.log(
    `\n## ${page}: TBT ${run.tbt.toFixed(0)} ms (simulated), ${run.cpuTbt.toFixed(0)} ms from CPU time; performance ${run.performance}`,
  );
  console.log(
    `main thread (LH, simulated): ${Object.entries(run.breakdown)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ')}`,
  );
  for (const task of run.tasks) {
    console.log(
      `- task at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(1)} ms observed, ${task.cpu.toFixed(1)} ms CPU (~${(task.cpu * 4).toFixed(0)} ms at 4×): ${task.kind}`,
    );
    for (const [what, ms] of task.parts) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${what}`);
  }
};

export const mainThread = async (runs = 1) => {
  const dataDir = await tempDir('main-thread');
  const shop = await startNpmShop(dataDir);
  const out: Record<string, PageRun[]> = {};
  try {
    const pages = await measuredPages(shop);
    for (const [page, path] of Object.entries(pages)) {
      await fetch(`${shop.url}${path}`).then((r) => r.arrayBuffer());
      out[page] = [];
      for (let i = 0; i < runs; i++) {
        const run = await retried(() => traced(`${shop.url}${path}`));
        out[page].push(run);
        print(page, run);
      }
    }
    return out;
  } finally {
    await shop.child.stop();
    await removeDir(dataDir);
  }
};

if (isEntry(import.meta.url)) {
  const args = process.argv.slice(2);
  const jsonTo = args[args.indexOf('--json') + 1];
  const result = await mainThread(Number(args.find((a) => /^\d+$/.test(a)) ?? 1));
  if (args.includes('--json') && jsonTo) writeFileSync(jsonTo, JSON.stringify(result, null, 2));
}
