import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type OutputFrom,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';
import { assertEqual, ModelError } from './assert.ts';
import { flush, type Control } from './controlled-actors.ts';
import type { PlanTemplates } from './plan-templates.ts';

type Snap = AnyMachineSnapshot;
type Path = StatePath<Snap, AnyEventObject>;

/* eslint-disable @typescript-eslint/no-explicit-any -- the positions of StateMachine's type parameters that are not read */
/** The actors a machine declares (`setup({ actors })`), each as `{ src, logic }`. */
type ActorsOf<TMachine> =
  TMachine extends StateMachine<any, any, any, infer TActor, any, any, any, any, any, any, any, any, any, any, any> ? TActor : never;
/* eslint-enable @typescript-eslint/no-explicit-any */
type SrcOf<TMachine> = ActorsOf<TMachine>['src'];

/**
 * The invoke ids a machine gives its actors where an id is not the actor's `src` (the house habit
 * is id = src), each with the `src` it runs: `{ fetchFirst: 'fetchHours' }`.
 */
export type InvokeIds<TMachine extends AnyStateMachine> = Record<string, SrcOf<TMachine>>;

type ResultEvents<TMachine, TIds extends Record<string, string>> = {
  [Id in SrcOf<TMachine> | (keyof TIds & string)]:
    | {
        type: `xstate.done.actor.${Id}`;
        output: OutputFrom<Extract<ActorsOf<TMachine>, { src: Id extends keyof TIds ? TIds[Id] : Id }>['logic']>;
      }
    | { type: `xstate.error.actor.${Id}`; error: ActorFailure };
}[SrcOf<TMachine> | (keyof TIds & string)];

/** What a test actor fails with in the models: the API's refusal (`{ status, message, field? }`, often partial) or an Error. */
export type ActorFailure = { status?: number; message?: string; field?: string; retryAfter?: number };

/**
 * An event a model may sample: one the machine takes, or what a test actor settles as (an invoked
 * actor's result, typed by the actor's output, or its failure). A model that samples an event its
 * machine does not take, or a result of the wrong shape, fails the typecheck.
 */
export type ModelEvent<TMachine extends AnyStateMachine, TIds extends InvokeIds<TMachine> = Record<never, never>> =
  EventFromLogic<TMachine> | ResultEvents<TMachine, TIds>;

/**
 * Everything the generic model check needs to know about one machine, typed by it (as xstate's
 * `createTestModel<TMachine>` is): its snapshots, its context and the events it takes. The
 * functions are methods so that every machine's spec is also a `ModelSpec` (the harness's view).
 */
export type ModelSpec<TMachine extends AnyStateMachine = AnyStateMachine, TIds extends InvokeIds<TMachine> = Record<never, never>> = {
  name: string;
  /** The machine with the test actors of `control` already provided. */
  machine: TMachine;
  control: Control;
  /** A fresh input for every replay (e.g. new in-memory storages). */
  input?(): InputFrom<TMachine>;
  /** Several starting inputs: each gets its own generated graph; coverage adds up over all. */
  inputs?: (() => InputFrom<TMachine>)[];
  /** The finite sample of payloads for each event the machine accepts, including actor outputs. */
  events: ModelEvent<TMachine, TIds>[] | EventSample<TMachine, TIds>;
  /** States whose context leaves this bound are reached but not explored further. */
  bound?(context: ContextFrom<TMachine>): boolean;
  /** The part of the context compared at every step (defaults to the whole context). */
  select?(context: ContextFrom<TMachine>): unknown;
  /** The spec's rules, checked on every replayed step against the real actor's snapshots. */
  check?(before: SnapshotFrom<TMachine>, event: ModelEvent<TMachine, TIds>, after: SnapshotFrom<TMachine>): void;
  /** Upper bound on generation work; generation fails loudly past it. */
  limit?: number;
  /** The test plan's sentences (`npm run test:model -- --plan`): one per leaf state and per event. */
  describe?: PlanTemplates<SnapshotFrom<TMachine>, ModelEvent<TMachine, TIds>>;
};

/** A spec's rules, written apart from it (`const check: ModelCheck<typeof cartMachine> = …`). */
export type ModelCheck<TMachine extends AnyStateMachine, TIds extends InvokeIds<TMachine> = Record<never, never>> = NonNullable<
  ModelSpec<TMachine, TIds>['check']
>;
/** A spec's plan sentences, written apart from it. */
export type ModelPlan<TMachine extends AnyStateMachine, TIds extends InvokeIds<TMachine> = Record<never, never>> = PlanTemplates<
  SnapshotFrom<TMachine>,
  ModelEvent<TMachine, TIds>
>;

/** The sample that depends on the snapshot (a method, for the same reason as the spec's). */
type EventSample<TMachine extends AnyStateMachine, TIds extends InvokeIds<TMachine>> = {
  bivariant(snapshot: SnapshotFrom<TMachine>): ModelEvent<TMachine, TIds>[];
}['bivariant'];

export type Coverage = { covered: number; total: number; missing: string[] };
export type ModelReport = { name: string; paths: number; steps: number; states: Coverage; transitions: Coverage };

const transitionLabel = (t: { source: AnyStateNode; eventType: string }, index: number) =>
  `${t.source.id} --${t.eventType || '(always)'}#${index}-->`;

/** Every state node under the root and every transition definition of the machine. */
export const machineTotals = (machine: AnyStateMachine) => {
  const nodes = getStateNodes(machine.root);
  const transitions = new Map<unknown, string>();
  for (const node of [machine.root, ...nodes]) {
    // Each candidate of an event (guarded branches) is its own transition, numbered in order.
    for (const defs of [...node.transitions.values(), node.always ?? []]) defs.forEach((t, i) => transitions.set(t, transitionLabel(t, i)));
  }
  return { nodes, transitions };
};

/**
 * The graph walk's options: only events some active state handles (an actor's done event is only
 * sent while it runs). Timers need no payload, so they are added bare; every other event must be
 * in the sample, so that leaving one out shows as a coverage gap.
 */
export const graphOptions = (spec: ModelSpec, input: (() => unknown) | undefined = spec.input) => {
  const events = (s: Snap) => {
    const handled = new Set(s._nodes.flatMap((n) => [...n.transitions.keys()]));
    const sample = (typeof spec.events === 'function' ? spec.events(s) : spec.events).filter((e) => handled.has(e.type));
    const bare = [...handled]
      .filter((type) => type.startsWith('xstate.after.') && !sample.some((e) => e.type === type))
      .map((type) => ({ type }));
    return [...sample, ...bare];
  };
  return {
    input: input?.(),
    events,
    limit: spec.limit ?? 5_000,
    stopWhen: spec.bound ? (s: Snap) => !spec.bound!(s.context) : undefined,
  };
};

/** Shortest path to every reachable state, plus one path through every edge of the graph. */
export const generatePaths = (spec: ModelSpec, input: (() => unknown) | undefined = spec.input): Path[] => {
  const options = graphOptions(spec, input);
  const shortest = getShortestPaths(spec.machine, options) as unknown as Path[];
  const toState = new Map(shortest.map((p) => [JSON.stringify({ value: p.state.value, context: p.state.context }), p]));
  const adjacency = getAdjacencyMap(spec.machine, options as never) as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: AnyEventObject; state: Snap }> }
  >;
  const edges: Path[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const head = toState.get(JSON.stringify({ value: state.value, context: state.context }));
    if (!head) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      edges.push({ state: next, steps: [...head.steps, { event, state: next }], weight: head.weight + 1 });
    }
  }
  return [...shortest, ...edges];
};

/** How long a timer event (`xstate.after.NAME…`) waits in `snapshot`: a number, or the machine's named delay. */
export const delayOf = (machine: AnyStateMachine, type: string, snapshot: Snap, clockEvent: AnyEventObject): number => {
  const name = type.slice('xstate.after.'.length).split('.')[0] ?? '';
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return (delay as (a: unknown) => number)({ context: snapshot.context, event: clockEvent });
  throw new ModelError(`Unknown delay "${name}" in ${type}`);
};

/**
 * Replays every generated path on a real actor (test actors, simulated clock), asserting the
 * state and selected context after each step and the spec's rules, and counts the states and
 * transitions the real actor actually went through.
 */
/**
 * Counts the states and transitions a running actor of `machine` goes through, from its
 * microsteps as they happen (not from a list of paths). Pass `inspect` to createActor and
 * `started(actor's first snapshot)`; `report()` gives the coverage over the machine's totals.
 */
export const coverageCounter = (machine: AnyStateMachine) => {
  const { nodes, transitions } = machineTotals(machine);
  const seenNodes = new Set<AnyStateNode>();
  const seenTransitions = new Set<unknown>();
  const coverage = <T>(all: T[], seen: Set<unknown>, label: (t: T) => string): Coverage => ({
    covered: all.filter((x) => seen.has(x)).length,
    total: all.length,
    missing: all.filter((x) => !seen.has(x)).map(label),
  });
  return {
    inspect: (e: InspectionEvent): void => {
      // Only the machine under test makes microsteps; its initial ones arrive inside createActor.
      if (e.type !== '@xstate.microstep' || (e.snapshot as Snap).machine !== machine) return;
      for (const t of (e as typeof e & { _transitions: { source: AnyStateNode; target?: readonly AnyStateNode[] }[] })._transitions) {
        seenTransitions.add(t);
        seenNodes.add(t.source);
        // A history node is never active itself: taking a transition into it is its coverage.
        for (const target of t.target ?? []) if (target.type === 'history') seenNodes.add(target);
      }
      for (const n of (e.snapshot as Snap)._nodes) seenNodes.add(n);
    },
    started: (snapshot: Snap): void => {
      for (const n of snapshot._nodes) seenNodes.add(n);
    },
    report: (): Pick<ModelReport, 'states' | 'transitions'> => ({
      states: coverage(nodes, seenNodes, (n) => n.id),
      transitions: coverage([...transitions.keys()], seenTransitions, (t) => transitions.get(t) ?? '?'),
    }),
  };
};

/** Delivers one generated event: an effect's result settles that test actor, anything else is sent. */
export const deliver = async (control: Control, actor: AnyActorRef, event: AnyEventObject): Promise<void> => {
  const { type } = event;
  if (type.startsWith('xstate.done.actor.')) await control.resolve(type.slice(18), (event as { output?: unknown }).output);
  else if (type.startsWith('xstate.error.actor.')) await control.reject(type.slice(19), (event as { error?: unknown }).error);
  else actor.send(event);
};

export const runModel = async (spec: ModelSpec): Promise<ModelReport> => {
  const counter = coverageCounter(spec.machine);
  const select = (s: Snap) => (spec.select ? spec.select(s.context) : s.context);
  const inputs = spec.inputs ?? [spec.input];
  const paths = inputs.flatMap((input) => generatePaths(spec, input).map((path) => ({ path, input })));
  let steps = 0;

  for (const [index, { path, input }] of paths.entries()) {
    const clock = new SimulatedClock();
    const actor = createActor(spec.machine, {
      input: input?.(),
      clock,
      inspect: counter.inspect,
    });
    actor.start();
    counter.started(actor.getSnapshot());
    const where = (i: number) =>
      `${spec.name} path ${index} step ${i} (${path.steps
        .map((s) => s.event.type)
        .slice(0, i + 1)
        .join(' → ')})`;
    try {
      for (const [i, step] of path.steps.entries()) {
        if (i === 0 && step.event.type === 'xstate.init') {
          assertEqual(actor.getSnapshot().value, step.state.value, `${where(i)}: initial state`);
          continue;
        }
        const before = actor.getSnapshot();
        if (step.event.type.startsWith('xstate.after.')) clock.increment(delayOf(spec.machine, step.event.type, before, step.event));
        else await deliver(spec.control, actor, step.event);
        const after = actor.getSnapshot();
        steps++;
        assertEqual(after.value, step.state.value, `${where(i)}: state`);
        assertEqual(select(after), select(step.state), `${where(i)}: context`);
        spec.check?.(before, step.event, after);
      }
    } catch (error) {
      if (error instanceof Error) error.message = `${error.message}\n  at ${where(path.steps.length - 1)}`;
      throw error;
    } finally {
      actor.stop();
      await flush();
    }
  }

  return { name: spec.name, paths: paths.length, steps, ...counter.report() };
};

const pct = (c: Coverage) => (c.total === 0 ? 100 : Math.floor((c.covered / c.total) * 1000) / 10);
export const isComplete = (r: ModelReport) => r.states.covered === r.states.total && r.transitions.covered === r.transitions.total;
export const formatReport = (r: ModelReport): string =>
  `${r.name.padEnd(16)} states ${r.states.covered}/${r.states.total} (${pct(r.states)}%) transitions ${r.transitions.covered}/${r.transitions.total} (${pct(r.transitions)}%)` +
  `  [${r.paths} paths, ${r.steps} steps]` +
  (isComplete(r) ? '' : `\n  not exercised: ${[...r.states.missing, ...r.transitions.missing].join(', ')}`);
