/**
 * Canary for the parts of xstate that are not its documented API but that the model harness
 * (model.ts, plan.ts, plan-templates.ts, statechart.ts, e2e-paths.ts, controlled-actors.ts), the
 * machine catalogue (catalogue.ts, scripts/plan-files.ts) and the event log (shared/event-log.ts)
 * read. xstate is pinned to its minor version (`~5.33.3`); when an upgrade fails here, adapt
 * those files to the new shape before anything else, instead of chasing coverage or plan diffs.
 */
import { describe, expect, it } from 'vitest';
import {
  and,
  assign,
  createActor,
  emit,
  fromPromise,
  not,
  setup,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

const door = setup({
  types: { context: {} as { opened: number }, input: {} as { opened: number } },
  actors: { lock: fromPromise(async () => 'locked') },
  delays: { close: 1000, slow: ({ context }) => 2000 + context.opened },
  guards: { allowed: () => true, broken: () => false },
  actions: {
    count: assign(({ context }) => ({ opened: context.opened + 1 })),
    said: emit((_, params: { word: string }) => ({ type: 'door.said' as const, word: params.word })),
  },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ opened: input.opened }),
  initial: 'shut',
  states: {
    shut: {
      tags: ['closed'],
      on: {
        'door.open': [
          { guard: and(['allowed', not('broken')]), target: 'open', actions: ['count', { type: 'said', params: { word: 'hi' } }] },
          { target: 'locking' },
        ],
      },
    },
    open: {
      tags: ['open'],
      entry: emit({ type: 'door.opened' as const }),
      after: { close: 'shut' },
      always: { guard: 'broken', target: 'shut' },
    },
    locking: {
      invoke: { id: 'locker', src: 'lock', onDone: 'locked' },
    },
    locked: { type: 'final' },
  },
});

const nodeOf = (machine: AnyStateMachine, path: string): AnyStateNode =>
  getStateNodes(machine.root).find((n) => n.path.join('.') === path)!;
const node = (path: string) => nodeOf(door, path);
type Def = {
  eventType: string;
  source: AnyStateNode;
  target?: AnyStateNode[];
  guard?: unknown;
  actions: unknown[];
};
const defs = (n: AnyStateNode, type: string) => n.transitions.get(type) as unknown as Def[];

describe('xstate internals the machine tooling reads', () => {
  it('when a machine is built, then its state nodes carry key, path, id, type, order, parent, states, initial, tags, entry and invoke', () => {
    expect(getStateNodes(door.root).map((n) => n.id)).toEqual(['door.shut', 'door.open', 'door.locking', 'door.locked']);
    const shut = node('shut');
    expect(shut).toMatchObject({ key: 'shut', path: ['shut'], id: 'door.shut', type: 'atomic', parent: door.root, machine: door });
    expect(node('locked').type).toBe('final');
    expect(door.root.type).toBe('compound');
    expect(shut.order).toBeLessThan(node('open').order);
    expect(Object.keys(door.root.states)).toEqual(['shut', 'open', 'locking', 'locked']);
    expect((door.root.initial!.target as AnyStateNode[])[0]).toBe(shut);
    expect(shut.tags).toEqual(['closed']);
    expect(node('locking').invoke.map((i) => ({ id: i.id, src: i.src }))).toEqual([{ id: 'locker', src: 'lock' }]);
  });

  it('when transitions are read, then node.transitions maps each event type (delays and actor results included) to its guarded branches, and always is its own list', () => {
    expect([...node('shut').transitions.keys()]).toEqual(['door.open']);
    const [first, second] = defs(node('shut'), 'door.open');
    expect(first).toMatchObject({ eventType: 'door.open', source: node('shut'), target: [node('open')] });
    expect(second!.target).toEqual([node('locking')]);
    expect(first!.actions).toEqual(['count', { type: 'said', params: { word: 'hi' } }]);
    expect([...node('open').transitions.keys()]).toEqual(['xstate.after.close.door.open']);
    expect(node('open').always!.map((t) => t.eventType)).toEqual(['']);
    expect([...node('locking').transitions.keys()]).toEqual(['xstate.done.actor.locker']);
  });

  it('when guards are combined, then and/not are functions named after themselves carrying guards, and a named guard stays its name', () => {
    const guard = defs(node('shut'), 'door.open')[0]!.guard as { name: string; guards: unknown[] };
    expect(typeof guard).toBe('function');
    expect(guard.name).toBe('and');
    expect(guard.guards[0]).toBe('allowed');
    expect((guard.guards[1] as { name: string; guards: unknown[] }).name).toBe('not');
    expect((guard.guards[1] as { guards: unknown[] }).guards).toEqual(['broken']);
    expect(node('open').always![0]!.guard).toBe('broken');
  });

  it('when an emit action is made, then it is a function of type xstate.emit whose event is the object or the expression given', () => {
    const [entry] = node('open').entry as unknown as { type: string; event: unknown }[];
    expect(entry!.type).toBe('xstate.emit');
    expect(entry!.event).toEqual({ type: 'door.opened' });
    const said = (door.implementations.actions as unknown as Record<string, { type: string; event: unknown }>).said!;
    expect(said.type).toBe('xstate.emit');
    expect(typeof said.event).toBe('function');
  });

  it('when a machine is provided with other actors, then it keeps its config and its declared delays and actions', () => {
    const provided = door.provide({ actors: { lock: fromPromise(async () => 'x') } });
    expect(provided.config).toBe(door.config);
    expect(Object.keys(provided.implementations.actors)).toEqual(['lock']);
    expect(Object.keys(provided.implementations.delays)).toEqual(['close', 'slow']);
    expect(Object.keys(provided.implementations.actions)).toEqual(['count', 'said']);
  });

  it('when getTransitionData is asked, then it answers the very transition objects of node.transitions, or none', () => {
    const snapshot = createActor(door, { input: { opened: 0 } }).getSnapshot();
    expect(snapshot._nodes).toContain(node('shut'));
    const taken = door.getTransitionData(snapshot as never, { type: 'door.open' });
    expect(taken).toHaveLength(1);
    expect(taken[0]).toBe(defs(node('shut'), 'door.open')[0]);
    expect(door.getTransitionData(snapshot as never, { type: 'nothing' }) ?? []).toEqual([]);
  });

  it('when an actor runs, then inspection reports microsteps with their _transitions, events and snapshots under the root id, and an invoked actor is named by its invoke id', async () => {
    const seen: InspectionEvent[] = [];
    const invoked: string[] = [];
    const clock = new SimulatedClock();
    const machine = door.provide({
      actors: {
        lock: fromPromise(async ({ self }) => {
          invoked.push(self.id);
          return 'locked';
        }),
      },
      guards: { allowed: () => false },
    });
    const actor = createActor(machine, { input: { opened: 0 }, clock, inspect: (e) => seen.push(e) });
    actor.start();
    actor.send({ type: 'door.open' });
    await new Promise((resolve) => actor.subscribe({ complete: () => resolve(undefined) }));
    const mine = seen.filter((e) => e.actorRef === actor);
    expect(mine.every((e) => e.rootId === actor.sessionId)).toBe(true);
    expect(mine.some((e) => e.type === '@xstate.event' && e.event.type === 'door.open')).toBe(true);
    expect(mine.some((e) => e.type === '@xstate.snapshot' && e.event.type === 'xstate.init')).toBe(true);
    const micro = mine.find((e) => e.type === '@xstate.microstep' && e.event.type === 'door.open') as unknown as { _transitions: Def[] };
    // The very definition objects of the running machine (a provided copy has nodes of its own).
    expect(micro._transitions).toHaveLength(1);
    expect(micro._transitions[0]).toBe(defs(nodeOf(machine, 'shut'), 'door.open')[1]);
    expect(invoked).toEqual(['locker']);
  });

  it('when a simulated clock is advanced by a delay, then the after transition is taken', () => {
    const clock = new SimulatedClock();
    const actor = createActor(door, { input: { opened: 0 }, clock }).start();
    actor.send({ type: 'door.open' });
    expect(actor.getSnapshot().value).toBe('open');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('shut');
    actor.stop();
  });

  it('when xstate/graph generates paths, then each starts with xstate.init and the adjacency map lists each state with its transitions', () => {
    const options = {
      input: { opened: 0 },
      events: (s: AnyMachineSnapshot) =>
        [{ type: 'door.open' }, { type: 'xstate.after.close.door.open' }].filter((e) =>
          s._nodes.some((n: AnyStateNode) => n.transitions.has(e.type)),
        ),
      limit: 100,
      stopWhen: (s: AnyMachineSnapshot) => (s.context as { opened: number }).opened > 1,
    };
    const paths = getShortestPaths(door, options as never);
    expect(paths[0]!.steps[0]!.event.type).toBe('xstate.init');
    expect(paths.map((p) => p.state.value)).toEqual(expect.arrayContaining(['shut', 'open']));
    const adjacency = getAdjacencyMap(door, options as never) as unknown as Record<
      string,
      { state: AnyMachineSnapshot; transitions: Record<string, { event: { type: string }; state: AnyMachineSnapshot }> }
    >;
    const fromShut = Object.values(adjacency).find(
      (a) => a.state.value === 'shut' && (a.state.context as { opened: number }).opened === 0,
    )!;
    expect(Object.values(fromShut.transitions).map((t) => [t.event.type, t.state.value])).toEqual([['door.open', 'open']]);
  });
});
