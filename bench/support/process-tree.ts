/**
 * Every process a command started, found by walking /proc from its pid through parent links
 * (not by process group: npm start's API child runs in a group of its own), each with its
 * resident memory now and at its peak. Worker threads live inside their process, so they count
 * in its figures. Linux only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { atMost, type Figure } from './figures.ts';

export type TreeProcess = {
  pid: number;
  ppid: number;
  /** What it is, in a word a reader knows: `npm`, `sh`, `tsx (loader's wrapper)`, `BFF`, `API`, or its command. */
  role: string;
  rssMb: number;
  /** VmHWM: the most it ever held resident. */
  peakMb: number;
  /**
   * Proportional share (smaps_rollup's Pss): pages several processes map (the node binary's,
   * in each server process) divided among them, so the tree's sum counts them once. 0 where unreadable.
   */
  pssMb: number;
  /** What no other process shares (Private_Clean + Private_Dirty): what ending it would give back. */
  privateMb: number;
  /** Clock ticks after boot it started at: with the pid, names this process and no later one. */
  started: number;
};

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // Gone meanwhile.
  }
};

const kbField = (status: string, name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);

/** Names the shop's processes by their command line (npm start's chain: npm → BFF → API; before decision 015, npm → sh → tsx → BFF → API). */
export const roleOf = (argv: string[]): string => {
  const line = argv.join(' ');
  const tsx = /tsx\/dist\/cli|\/\.bin\/tsx|^tsx /;
  if (/^(\/bin\/|\/usr\/bin\/)?(ba|da)?sh\b/.test(line)) return 'sh';
  if (/esbuild/.test(argv[0] ?? '')) return "esbuild (tsx's compiler)";
  if (/npm-cli\.js|^npm\b/.test(line)) return 'npm';
  if (tsx.test(line)) return "tsx (loader's wrapper)";
  // From the sources (.ts) or compiled (.js, npm start's launcher: docs/decisions/015-compiled-servers.md).
  if (/start-api\.[jt]s/.test(line)) return 'API';
  if (/start-bff\.[jt]s|scripts\/start\.[jt]s|start-cluster\.[jt]s|launch\.mjs start/.test(line)) return 'BFF';
  return line.slice(0, 60);
};

/** `root` and all its descendants alive now. */
export const processTree = (root: number): TreeProcess[] => {
  const all = new Map<number, Omit<TreeProcess, 'pid' | 'role'> & { argv: string[] }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const status = read(`/proc/${entry}/status`);
    const cmdline = read(`/proc/${entry}/cmdline`);
    if (!stat || !status || cmdline === null) continue;
    // Field 4 of /proc/PID/stat is the parent; the name (field 2) may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const rollup = read(`/proc/${entry}/smaps_rollup`) ?? '';
    all.set(Number(entry), {
      ppid: Number(fields[1]),
      started: Number(fields[19]),
      argv: cmdline.split('\0').filter(Boolean),
      rssMb: kbField(status, 'VmRSS') / 1024,
      peakMb: kbField(status, 'VmHWM') / 1024,
      pssMb: kbField(rollup, 'Pss') / 1024,
      privateMb: (kbField(rollup, 'Private_Clean') + kbField(rollup, 'Private_Dirty')) / 1024,
    });
  }
  const found: TreeProcess[] = [];
  const walk = (pid: number) => {
    const p = all.get(pid);
    if (!p) return;
    const { ppid, rssMb, peakMb, pssMb, privateMb, started } = p;
    found.push({ pid, ppid, role: roleOf(p.argv), rssMb, peakMb, pssMb, privateMb, started });
    for (const [child, c] of all) if (c.ppid === pid) walk(child);
  };
  walk(root);
  return found;
};

/** The figures in MB a process has, each summed over a tree by totalMb. */
export type MbField = 'rssMb' | 'peakMb' | 'pssMb' | 'privateMb';

export const totalMb = (tree: TreeProcess[], field: MbField = 'rssMb'): number => tree.reduce((n, p) => n + p[field], 0);

/** One line a process: role, pid, resident now and at its peak, its proportional share and its private part. */
export const describeTree = (tree: TreeProcess[]): string =>
  tree
    .map(
      (p) =>
        `  ${p.role.padEnd(24)} pid ${String(p.pid).padEnd(8)} ${p.rssMb.toFixed(0).padStart(5)} MB now, peak ${p.peakMb.toFixed(0)} MB` +
        ` (PSS ${p.pssMb.toFixed(0)} MB, private ${p.privateMb.toFixed(0)} MB)`,
    )
    .join('\n');

const alive = (p: TreeProcess): boolean => {
  const stat = read(`/proc/${p.pid}/stat`);
  if (!stat) return false;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // A zombie has ended; only its parent's wait is missing.
  return fields[0] !== 'Z' && Number(fields[19]) === p.started;
};

/** Resolves once none of `seen` runs any more, or after `limitMs`. */
export const waitGone = async (seen: TreeProcess[], limitMs = 20_000): Promise<void> => {
  const end = Date.now() + limitMs;
  while (seen.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
};

/**
 * SIGKILL to whatever of `seen` is still alive after a graceful stop (the same pid and start
 * time: never a later process that reused the pid), so nothing a bench started outlives it.
 * Answers the roles it had to kill.
 */
export const killLeft = (seen: TreeProcess[]): string[] => {
  const killed: string[] = [];
  for (const p of seen) {
    if (!alive(p)) continue;
    try {
      process.kill(p.pid, 'SIGKILL');
      killed.push(p.role);
    } catch {
      // Gone meanwhile.
    }
  }
  return killed;
};

/** Each process's most resident (VmHWM) over the run, from npm start down to the API child; their sum bounds the peak from above. */
export const peakOfTree = (pid: number): Figure => {
  const tree = processTree(pid);
  console.log(`npm start's processes after the journeys:\n${describeTree(tree)}`);
  const peak = totalMb(tree, 'peakMb');
  return {
    bench: 'journeys',
    figure: "npm start: peak RSS, each process's own peak added up",
    goal: '≤ 600 MB',
    value: `${peak.toFixed(0)} MB`,
    verdict: atMost(peak, 600),
    note: tree.map((p) => `${p.role} ${p.peakMb.toFixed(0)} MB`).join(', '),
  };
};
