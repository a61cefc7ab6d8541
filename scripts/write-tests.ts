import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { TransitionCount } from '#contracts/machine-counts.ts';
import { generatePaths, graphOptions, type ModelSpec } from '#machines/testing/model.ts';
import { startWalk, transitionText } from '#machines/testing/transition-walk.ts';

/** Where `--write-tests` puts its files unless given a folder: beside the machines, in the fast tier. */
export const DEFAULT_TESTS_DIR = 'machines/production';
/** How many walks the search tries for one transition before it settles for the shortest. */
const MAX_TRIES = 200;

type Walk = { input: number; path: AnyEventObject[]; event: AnyEventObject };
type Found = Walk & { walks: boolean; took?: string };

// The written test carries its events as text: the search walks them as they will read back.
const asWritten = (event: AnyEventObject) => JSON.parse(JSON.stringify(event)) as AnyEventObject;
const stateKey = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });

// A machine's paths, generated once for all the transitions it is searched for.
const generated = new WeakMap<ModelSpec, Map<number, ReturnType<typeof generatePaths>>>();
const pathsOf = (spec: ModelSpec, input: number, start: (() => unknown) | undefined) => {
  const byInput = generated.get(spec) ?? new Map<number, ReturnType<typeof generatePaths>>();
  generated.set(spec, byInput);
  if (!byInput.has(input))
    byInput.set(
      input,
      generatePaths(spec, start).sort((a, b) => a.steps.length - b.steps.length),
    );
  return byInput.get(input)!;
};

/** Walks `path` then `event` on a fresh actor of the model: the transitions the last step took, or why it could not. */
const tryWalk = async (spec: ModelSpec, { input, path: steps, event }: Walk): Promise<string[] | string> => {
  const run = startWalk(spec, spec.inputs?.[input] ?? spec.input);
  try {
    for (const step of steps) await run.step(step);
    return (await run.step(event)).map(transitionText);
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0]! : String(error);
  } finally {
    await run.stop();
  }
};

/**
 * A walk of the model's graph (the paths `npm run test:model` replays) whose last step takes the
 * transition production counted: the states where its source is active, nearest first, each with
 * the sample's events of its type (or the bare event when the sample has none). When none takes
 * it, the nearest walk, marked as not walking; why not, when no path of the model reaches the source.
 */
export const findWalk = async (spec: ModelSpec, t: Omit<TransitionCount, 'machine' | 'count'>): Promise<Found | string> => {
  const ids = new Set([spec.machine.root, ...getStateNodes(spec.machine.root)].map((n) => n.id));
  if (t.event !== '(always)' && !ids.has(t.source)) return `this build's ${spec.machine.id} machine has no state ${t.source}`;
  const wanted = transitionText(t);
  const starts = spec.inputs ?? [spec.input];
  const walks: Walk[] = [];
  for (const [input, start] of starts.entries()) {
    const seen = new Set<string>();
    const events = graphOptions(spec, start).events;
    const paths = pathsOf(spec, input, start);
    for (const { state, steps } of paths) {
      if (seen.has(stateKey(state))) continue;
      seen.add(stateKey(state));
      if (t.event !== '(always)' && !state._nodes.some((n) => n.id === t.source)) continue;
      const path = steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      const sample = events(state).filter((e) => t.event === '(always)' || e.type === t.event);
      const last = sample.length > 0 || t.event === '(always)' ? sample : [{ type: t.event }];
      for (const event of last) walks.push({ input, path: path.map(asWritten), event: asWritten(event) });
    }
  }
  walks.sort((a, b) => a.path.length - b.path.length);
  if (walks.length === 0) return `no path of the ${spec.name} model reaches ${t.source}`;
  let nearest: string[] | string | undefined;
  for (const walk of walks.slice(0, MAX_TRIES)) {
    const took = await tryWalk(spec, walk);
    if (Array.isArray(took) && took.includes(wanted)) return { ...walk, walks: true };
    nearest ??= took;
  }
  const took = typeof nearest === 'string' ? nearest : `it took ${nearest?.length ? nearest.join(', ') : 'no transition'}`;
  return { ...walks[0]!, walks: false, took };
};

const code = (value: unknown) => JSON.stringify(value);

/** One machine's file of candidate tests: a header, then one test per transition, one step per line. */
const testFile = (spec: ModelSpec, rows: { row: TransitionCount; found: Found }[], source: string): string => {
  const id = spec.machine.id;
  const failing = rows.filter((r) => !r.found.walks);
  const header = [
    `Candidate tests: transitions the ${spec.name} machine took in production that the model runs (npm run test:model) never walk.`,
    `Written by npm run test:model -- --coverage-from ${source} --write-tests; the next such run writes this file again.`,
    `Each walks the model's path to the state production left, sends the event, and checks that this build's machine`,
    `takes the transition production counted. The counts hold no payloads: each event is the model's sample's, or bare.`,
    ...(failing.length
      ? [
          `Not walked on this build (${failing.length}): a page of another build, a payload the sample lacks, or a bug:`,
          ...failing.map((r) => `  ${transitionText(r.row)}: ${r.found.took}`),
        ]
      : []),
  ];
  const tests = rows.flatMap(({ row, found }) => [
    `  it(${code(`${transitionText(row)} (×${row.count} in production)`)}, async () => {`,
    `    const machine = walk(${code(id)}${found.input ? `, ${found.input}` : ''});`,
    ...found.path.map((e) => `    await machine.step(${code(e)});`),
    `    await machine.expectTransition(${code(found.event)}, ${code(transitionText(row))});`,
    `  });`,
  ]);
  return [
    ...header.map((l) => `// ${l}`),
    `import { describe, it } from 'vitest';`,
    `import { walk } from '#machines/testing/transition-walk.ts';`,
    '',
    `describe(${code(`${spec.name}: transitions production took that the model runs never walk`)}, () => {`,
    ...tests,
    `});`,
    '',
  ].join('\n');
};

/**
 * `--write-tests [DIR]`: a test file per machine (DIR/{machine}.production.test.ts, default
 * machines/production, which the fast tier runs) with a test for each transition production took
 * that the model runs never walk. Answers what it did, a line each.
 */
export const writeTests = async (untested: TransitionCount[], models: ModelSpec[], dir: string, source: string): Promise<string[]> => {
  const lines: string[] = [];
  for (const machine of [...new Set(untested.map((r) => r.machine))].sort()) {
    const spec = models.find((m) => m.machine.id === machine);
    const rows = untested.filter((r) => r.machine === machine);
    if (!spec) {
      lines.push(`write-tests: no test for ${machine}: no model of that machine (machines/testing/models.ts)`);
      continue;
    }
    const written: { row: TransitionCount; found: Found }[] = [];
    for (const row of rows) {
      const found = await findWalk(spec, row);
      if (typeof found === 'string') lines.push(`write-tests: no test for ${machine} ${transitionText(row)}: ${found}`);
      else written.push({ row, found });
    }
    if (written.length === 0) continue;
    const file = path.join(dir, `${spec.name.replace(/\s+/g, '-')}.production.test.ts`);
    mkdirSync(dir, { recursive: true });
    const text = testFile(spec, written, source);
    // The house style, also for a folder outside the repository (which has no .prettierrc of its own).
    const style = (await resolveConfig(file)) ?? (await resolveConfig(path.join(process.cwd(), 'package.json')));
    writeFileSync(file, await format(text, { ...style, filepath: file }));
    const failing = written.filter((w) => !w.found.walks).length;
    lines.push(
      `write-tests: wrote ${file}: ${written.length} test(s)${failing ? `, ${failing} not walked on this build (named in its header)` : ''}`,
    );
  }
  return lines;
};
