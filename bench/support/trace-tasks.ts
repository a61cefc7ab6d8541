/**
 * The long tasks of a Chromium trace taken with `disabled-by-default-v8.cpu_profiler` (what
 * bench/main-thread.ts asks Lighthouse for), each with what its JavaScript samples ran: React's
 * phase and the nearest of the shop's own functions (names declared under client/ and machines/),
 * so a line reads "effects: useCategories" or "hydrate: Header".
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type TraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs): what contention on a shared machine does not stretch. */
  tdur?: number;
  id?: string;
  args?: Record<string, unknown>;
};
export type Trace = { traceEvents: TraceEvent[] };
export type TaskReport = { start: number; duration: number; cpu: number; kind: string; parts: [string, number][] };

type Node = { id: number; parent?: number; callFrame: { functionName: string; url: string } };

/** Tasks this long (observed) block for 50 ms once Lighthouse's simulation slows the CPU 4×. */
const LONG_OBSERVED_US = 12_500;

const ownNames = (() => {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        const text = readFileSync(path, 'utf8');
        for (const [, name = ''] of text.matchAll(/(?:function\s+|const\s+)([A-Za-z_$][\w$]*)/g)) names.add(name);
      }
    }
  };
  for (const dir of ['client', 'machines']) walk(dir);
  // Too generic to say anything: they name library functions as well.
  for (const name of ['start', 'stop', 'send', 'get', 'set', 'run', 'render', 'update', 'next', 'value', 'result', 'insert', 'css'])
    names.delete(name);
  return names;
})();

const REACT_PHASES: [RegExp, string][] = [
  [/^(flushPassiveEffects|commitPassiveMount|commitHookPassiveMountEffects|commitPassiveMountOnFiber)/, 'passive effects'],
  [/^(commitLayoutEffects|commitLayoutEffectOnFiber|commitHookLayoutEffects)/, 'layout effects'],
  [/^(commitRoot|commitMutationEffects|commitRootImpl)/, 'commit'],
  [/^(performUnitOfWork|beginWork|completeWork|workLoopConcurrent|workLoopSync|renderRootSync|renderRootConcurrent)/, 'render/hydrate'],
];

const phaseOf = (stack: string[]): string => {
  // The innermost phase: a render that an effect's update starts at once is a render.
  for (const name of [...stack].reverse()) for (const [re, phase] of REACT_PHASES) if (re.test(name)) return phase;
  return '';
};

const labelOf = (stack: string[]): string => {
  const leaf = stack[stack.length - 1] ?? '';
  if (leaf === '(garbage collector)') return 'GC';
  if (leaf === '(program)' || leaf === '(idle)' || leaf === '(root)') return 'native (style, layout, parse, paint)';
  const phase = phaseOf(stack);
  const emotion = stack.some((n) => /^(insertStyles|serializeStyles|compile|serialize|insertRule|handleInterpolation)$/.test(n));
  const own = [...stack].reverse().find((n) => ownNames.has(n));
  // Else the library function nearest the leaf that has a name (createActor, insertRule, ...).
  const named = [...stack].reverse().find((n) => n && !n.startsWith('(') && !/^(performWorkUntilDeadline|flushWork|workLoop)$/.test(n));
  const what = emotion ? `emotion styles${own ? ` (${own})` : ''}` : (own ?? named ?? leaf);
  return phase ? `${phase}: ${what}` : what;
};

const mainThread = (events: TraceEvent[]): { pid: number; tid: number } => {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain');
  let best = { pid: 0, tid: 0 };
  let most = -1;
  for (const t of names) {
    const busy = events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (busy > most) {
      most = busy;
      best = { pid: t.pid, tid: t.tid };
    }
  }
  return best;
};

/** Every sample of the main thread's profile: its time and its stack, outermost first. */
const samplesOf = (events: TraceEvent[], pid: number, tid: number) => {
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  const profile = profiles.find((e) => e.tid === tid) ?? profiles[0];
  if (!profile) return [];
  const nodes = new Map<number, Node>();
  const out: { ts: number; stack: string[] }[] = [];
  let ts = (profile.args?.data as { startTime: number }).startTime;
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id);
  for (const chunk of chunks) {
    const data = chunk.args?.data as { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const stack: string[] = [];
      for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
        stack.unshift(n.callFrame.functionName || '(anonymous)');
      out.push({ ts, stack });
    });
  }
  return out;
};

export const longTasks = (trace: Trace): TaskReport[] => {
  const events = trace.traceEvents;
  const { pid, tid } = mainThread(events);
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? 0;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= LONG_OBSERVED_US && e.ts >= navStart);
  const samples = samplesOf(events, pid, tid);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    // What the task's trace events say it is: the biggest child event (EvaluateScript, FunctionCall, ParseHTML, ...).
    const children = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && e.name !== 'RunTask');
    const top = children
      .filter(
        (c) => !children.some((p) => p !== c && p.ts <= c.ts && p.ts + (p.dur ?? 0) >= c.ts + (c.dur ?? 0) && (p.dur ?? 0) > (c.dur ?? 0)),
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 3)
      .map((c) => `${c.name} ${((c.dur ?? 0) / 1000).toFixed(1)} ms`);
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    const weights = new Map<string, number>();
    inside.forEach((s, i) => {
      const next = inside[i + 1]?.ts ?? end;
      const label = labelOf(s.stack);
      weights.set(label, (weights.get(label) ?? 0) + Math.min(next - s.ts, 2_000) / 1000);
    });
    const parts = [...weights.entries()].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 0.8);
    return {
      start: (task.ts - navStart) / 1000,
      duration: (task.dur ?? 0) / 1000,
      cpu: (task.tdur ?? task.dur ?? 0) / 1000,
      kind: top.join(', '),
      parts,
    };
  });
};

/**
 * Total blocking time from the main thread's CPU time rather than its wall time: every task after
 * the first contentful paint, its CPU time slowed down 4× as Lighthouse's simulation does, less
 * 50 ms. Not Lighthouse's figure (its simulation also moves tasks), but one that a busy shared
 * machine stretches far less, for comparing two builds on the same day.
 */
export const cpuBlockingTime = (trace: Trace): number => {
  const events = trace.traceEvents;
  const { pid, tid } = mainThread(events);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? 0;
  return events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= fcp)
    .reduce((sum, e) => sum + Math.max(0, (4 * (e.tdur ?? e.dur ?? 0)) / 1000 - 50), 0);
};
