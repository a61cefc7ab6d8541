import { createActor, type AnyEventObject, type AnyMachineSnapshot, type SimulatedClock } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { coverageCounter, deliver, generatePaths, graphOptions, type ModelReport, type ModelSpec } from './model.ts';
import { flush } from './controlled-actors.ts';

type Snap = AnyMachineSnapshot;
export type E2eStep = { event: AnyEventObject; before: Snap; after: Snap };
export type E2ePath = E2eStep[];

/**
 * Paths generated with xstate/graph (shortest paths plus one path through every edge), cut to
 * a few for a browser run: a path ending in a state tagged `loading` is continued with each
 * answer of the sample (a browser cannot stop while a request runs), then paths are picked greedily until every step key of `keyOf` is
 * covered. `keyOf` says which steps a person would call different (e.g. "add a product already
 * in the cart"), so the browser runs each kind once instead of every context combination.
 */
export const e2ePaths = (spec: ModelSpec, keyOf: (step: E2eStep) => string): E2ePath[] => {
  const events = (s: Snap) => {
    const handled = new Set(s._nodes.flatMap((n) => [...n.transitions.keys()]));
    return (typeof spec.events === 'function' ? spec.events(s) : spec.events).filter((e) => handled.has(e.type));
  };
  const adjacency = getAdjacencyMap(spec.machine, {
    input: spec.input?.(),
    events,
    limit: spec.limit ?? 5_000,
    stopWhen: spec.bound ? (s: Snap) => !spec.bound!(s.context) : undefined,
  } as never) as unknown as Record<string, { state: Snap; transitions: Record<string, { event: AnyEventObject; state: Snap }> }>;
  const keyOfState = (s: Snap) => JSON.stringify({ value: s.value, context: s.context });
  const outOf = new Map(Object.values(adjacency).map((a) => [keyOfState(a.state), Object.values(a.transitions)]));
  // A path that stops while a request runs goes on with each answer the sample allows.
  const settle = (steps: E2ePath, depth = 0): E2ePath[] => {
    const last = steps.at(-1)!.after;
    if (!last.hasTag('loading')) return [steps];
    if (depth > 3) return [];
    return (outOf.get(keyOfState(last)) ?? []).flatMap(({ event, state }) =>
      settle([...steps, { event, before: last, after: state }], depth + 1),
    );
  };
  const all = generatePaths(spec)
    .map((p) => {
      const steps: E2ePath = [];
      let before = p.steps[0]?.state as Snap;
      for (const { event, state } of p.steps.slice(1)) {
        steps.push({ event, before, after: state as Snap });
        before = state as Snap;
      }
      return steps;
    })
    .filter((steps) => steps.length > 0)
    .flatMap((steps) => settle(steps));
  const keys = all.map((steps) => new Set(steps.map(keyOf)));
  const covered = new Set<string>();
  const picked: E2ePath[] = [];
  for (;;) {
    let best = -1;
    let gain = 0;
    keys.forEach((k, i) => {
      const g = [...k].filter((x) => !covered.has(x)).length;
      // more new kinds first; on a tie the shorter path (less browser time)
      if (g > gain || (g === gain && g > 0 && all[i]!.length < all[best]!.length)) [best, gain] = [i, g];
    });
    if (best < 0) return picked;
    picked.push(all[best]!);
    for (const k of keys[best]!) covered.add(k);
  }
};

type Edge = { event: AnyEventObject; state: Snap };

/**
 * Like e2ePaths, for a browser run where each path costs a fresh page: a walk goes on from where
 * it stands to the nearest step of a kind (`keyOf`) not walked yet, and a new walk starts only
 * when none is reachable or the walk has `maxSteps`. Fewer, longer paths than e2ePaths for a
 * machine of parallel regions, whose kinds the shortest paths would each reach from the start.
 */
export const e2eWalks = (spec: ModelSpec, keyOf: (step: E2eStep) => string, maxSteps = 20): E2ePath[] => {
  const adjacency = Object.values(
    getAdjacencyMap(spec.machine, graphOptions(spec) as never) as unknown as Record<
      string,
      { state: Snap; transitions: Record<string, Edge> }
    >,
  );
  const keyOfState = (s: Snap) => JSON.stringify({ value: s.value, context: s.context });
  const outOf = new Map(adjacency.map((a) => [keyOfState(a.state), Object.values(a.transitions)]));
  const covered = new Set<string>();
  /** The shortest way from `from` whose last step is of a kind not walked yet (breadth first). */
  const nearest = (from: Snap): E2ePath | undefined => {
    const seen = new Set([keyOfState(from)]);
    let frontier: E2ePath[] = [[]];
    while (frontier.length > 0) {
      const next: E2ePath[] = [];
      for (const path of frontier) {
        const at = path.at(-1)?.after ?? from;
        for (const { event, state } of outOf.get(keyOfState(at)) ?? []) {
          const step = { event, before: at, after: state };
          if (!covered.has(keyOf(step))) return [...path, step];
          if (seen.has(keyOfState(state))) continue;
          seen.add(keyOfState(state));
          next.push([...path, step]);
        }
      }
      frontier = next;
    }
    return undefined;
  };
  const start = adjacency[0]!.state;
  const walks: E2ePath[] = [];
  for (;;) {
    const walk: E2ePath = [];
    for (let more = nearest(start); more && walk.length + more.length <= maxSteps; more = nearest(walk.at(-1)!.after)) {
      walk.push(...more);
      for (const step of more) covered.add(keyOf(step));
    }
    if (walk.length === 0) return walks;
    walks.push(walk);
  }
};

/**
 * The machine run beside the browser: each step the browser performs is replayed on a real
 * actor (test actors settled by hand), whose snapshot is what the page must show. States and
 * transitions are counted from the actor's microsteps as they happen, like `npm run test:model`.
 */
export const createOracle = (spec: ModelSpec) => {
  const counter = coverageCounter(spec.machine);
  let paths = 0;
  let steps = 0;

  /**
   * `newPath: false` for the same visitor starting again (a reload, a second tab). `clock`: a
   * clock the oracle's own timers wait on (a SimulatedClock never advanced), when the browser
   * run delivers each timer's event itself.
   */
  const start = (input: unknown = spec.input?.(), { newPath = true, clock }: { newPath?: boolean; clock?: SimulatedClock } = {}) => {
    if (newPath) paths++;
    const actor = createActor(spec.machine, {
      input,
      inspect: counter.inspect,
      ...(clock ? { clock } : {}),
    });
    actor.start();
    counter.started(actor.getSnapshot());
    return {
      snapshot: () => actor.getSnapshot(),
      /** Applies one generated event; returns the snapshot after it. */
      step: async (event: AnyEventObject): Promise<Snap> => {
        await deliver(spec.control, actor, event);
        steps++;
        return actor.getSnapshot();
      },
      stop: async () => {
        actor.stop();
        await flush();
      },
    };
  };

  const report = (): ModelReport => ({ name: spec.name, paths, steps, ...counter.report() });
  return { start, report };
};
