/**
 * Cold start: `npm start` itself (npm, then node on the compiled servers, with the build fresh)
 * from the spawn to the first 200 on `/`, and the resident memory of everything it started
 * then (its largest process: the one server before the API moved into its own process; and all of them). Twice: a first start into an empty DATA_DIR (it seeds the demo shop), then a start on
 * that seeded DATA_DIR. References (main): 2.6 s and 419 MB; seeding 9.1 s and 1.0 GB.
 * Run: npm run build, then npx tsx bench/cold-start.ts
 */
import { type Figure, isEntry, printFigures } from './support/figures.ts';
import { processTree, totalMb } from './support/process-tree.ts';
import { firstOk, removeDir, tempDir } from './support/processes.ts';
import { startNpmShop } from './support/shop.ts';

type Start = { ms: number; rssMb: number; largestMb: number };

const startOnce = async (dataDir: string): Promise<Start> => {
  const shop = await startNpmShop(dataDir);
  try {
    const ms = await firstOk(`${shop.url}/`, shop.startedAt);
    // A moment for what the start does right after listening (timers, first GC) to show in RSS.
    await new Promise((r) => setTimeout(r, 500));
    // Its whole tree: the API process is in a process group of its own.
    const tree = processTree(shop.child.proc.pid!);
    return { ms, rssMb: totalMb(tree), largestMb: Math.max(...tree.map((p) => p.rssMb)) };
  } finally {
    await shop.child.stop();
  }
};

export const coldStart = async (): Promise<Figure[]> => {
  const dataDir = await tempDir('cold');
  try {
    const seeding = await startOnce(dataDir);
    const seeded = await startOnce(dataDir);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    return [
      {
        bench: 'cold-start',
        figure: 'npm start, seeded DATA_DIR: first 200 on /',
        goal: 'main: 2.6 s',
        value: s(seeded.ms),
        verdict: 'ref',
      },
      {
        bench: 'cold-start',
        figure: 'npm start, seeded DATA_DIR: RSS of its largest process',
        goal: 'main: 419 MB',
        value: mb(seeded.largestMb),
        verdict: 'ref',
      },
      {
        bench: 'cold-start',
        figure: 'npm start, seeded DATA_DIR: RSS of all its processes (npm and the API process too)',
        goal: '',
        value: mb(seeded.rssMb),
        verdict: 'ref',
      },
      {
        bench: 'cold-start',
        figure: 'npm start, first start (seeds): first 200 on /',
        goal: 'main: 9.1 s',
        value: s(seeding.ms),
        verdict: 'ref',
      },
      {
        bench: 'cold-start',
        figure: 'npm start, first start (seeds): RSS of its largest process',
        goal: 'main: 1.0 GB',
        value: mb(seeding.largestMb),
        verdict: 'ref',
      },
      {
        bench: 'cold-start',
        figure: 'npm start, first start (seeds): RSS of all its processes (npm and the API process too)',
        goal: '',
        value: mb(seeding.rssMb),
        verdict: 'ref',
      },
    ];
  } finally {
    await removeDir(dataDir);
  }
};

if (isEntry(import.meta.url)) printFigures(await coldStart());
