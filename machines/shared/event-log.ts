import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, InspectionEvent, StateValue } from 'xstate';
import { createRedactor } from './event-log-mask.ts';

/**
 * One event an actor of the client received, in the order received, with what the machine
 * made of it: whether a transition took it and the state value after. An entry whose event is
 * `xstate.init` records the state the actor started in (not an event to send).
 */
export type LoggedEvent = {
  actor: string;
  /** Which actor of that name (1, 2, …) when a screen runs several at once (every fetch, form and route guard). */
  run?: number;
  event: AnyEventObject;
  taken?: boolean;
  state?: StateValue;
  input?: unknown;
};

export { redact } from './event-log-mask.ts';

/**
 * The actor's input when it is plain data (an order id, a cart), so a replay can start the same
 * way; undefined when it holds anything else: a browser storage would copy all it stores.
 */
const plainInput = (value: unknown): unknown => {
  const plain = (v: unknown): boolean =>
    v === null ||
    ['string', 'number', 'boolean'].includes(typeof v) ||
    (Array.isArray(v)
      ? v.every(plain)
      : typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(plain));
  return value !== undefined && plain(value) ? structuredClone(value) : undefined;
};

/** A copy of an event; one holding what cannot be cloned (a form's callback) is kept as its JSON. */
const copy = (value: unknown): unknown => {
  try {
    return structuredClone(value);
  } catch {
    return JSON.parse(JSON.stringify(value)) as unknown;
  }
};

// Start and stop are made by createActor/stop on replay, not sent.
const NOT_EVENTS = new Set(['xstate.init', 'xstate.stop']);

/**
 * Records the events a set of named root actors receive, through actor inspection: UI
 * events, socket events, effect results (`xstate.done.actor.*`) and timers alike. Pass
 * `log.inspect('cart')` as the `inspect` option of that actor's `createActor`.
 */
export const createEventLog = () => {
  const entries: LoggedEvent[] = [];
  // The entry of an event still being processed, by the event object the actor was sent.
  const pending = new WeakMap<object, LoggedEvent>();
  // `many` actors get a number each, in the order they start, per name.
  const runs = new Map<string, number>();
  const started = new Set<string>();
  const firstEventAt = new Map<string, number>();
  const learnTaken = new WeakSet<object>();
  const counts = new Map<string, number>();
  const runOf = (name: string, sessionId: string): { run: number } => {
    let run = runs.get(sessionId);
    if (run === undefined) {
      run = (counts.get(name) ?? 0) + 1;
      counts.set(name, run);
      runs.set(sessionId, run);
    }
    return { run };
  };
  return {
    entries,
    /** `many`: the app runs several actors of this name at once; each entry then says which (`run`). */
    inspect:
      (name: string, { many = false }: { many?: boolean } = {}) =>
      (inspection: InspectionEvent): void => {
        const target = inspection.actorRef as AnyActorRef;
        // Only the named root actor: its children's own traffic, and what it sends other roots
        // (the checkout's cart.clear), are rebuilt by replaying it.
        if (target.sessionId !== inspection.rootId) return;
        const who = { actor: name, ...(many ? runOf(name, target.sessionId) : {}) };
        if (inspection.type === '@xstate.event' && !NOT_EVENTS.has(inspection.event.type)) {
          // Sent before the actor started (a React effect of the first render): it waits in
          // the mailbox, so its start must be logged before it.
          const queued = !started.has(target.sessionId);
          if (queued && !firstEventAt.has(target.sessionId)) firstEventAt.set(target.sessionId, entries.length);
          // Asked before the actor processes it: the replay compares whether it took it. A queued
          // event meets the state its predecessors leave, so its transitions (below) say it.
          const snapshot = target.getSnapshot() as AnyMachineSnapshot;
          const entry: LoggedEvent = {
            ...who,
            event: copy(inspection.event) as AnyEventObject,
            taken: !queued && snapshot.status === 'active' && snapshot.can(inspection.event),
          };
          entries.push(entry);
          pending.set(inspection.event, entry);
          if (queued) learnTaken.add(inspection.event);
        }
        // A microstep is inspected even when no transition was enabled: only one with transitions counts.
        if (
          inspection.type === '@xstate.microstep' &&
          learnTaken.has(inspection.event) &&
          (inspection as { _transitions?: unknown[] })._transitions?.length
        ) {
          const entry = pending.get(inspection.event);
          if (entry) entry.taken = true;
        }
        if (inspection.type === '@xstate.snapshot') {
          const value = (inspection.snapshot as AnyMachineSnapshot).value;
          if (inspection.event.type === 'xstate.init') {
            const input = plainInput((target as AnyActorRef & { options?: { input?: unknown } }).options?.input);
            started.add(target.sessionId);
            const init: LoggedEvent = {
              ...who,
              event: { type: 'xstate.init' },
              state: structuredClone(value),
              ...(input === undefined ? {} : { input }),
            };
            entries.splice(firstEventAt.get(target.sessionId) ?? entries.length, 0, init);
          }
          const entry = pending.get(inspection.event);
          if (entry) entry.state = structuredClone(value);
          pending.delete(inspection.event);
        }
      },
    /** JSON for a bug report: only allow-listed values kept, every other masked (event-log-mask.ts). */
    toJSON: (): string => {
      // One redactor for the whole export: a conversation keeps one pseudonym across its entries.
      const redact = createRedactor();
      return JSON.stringify(
        entries.map((e) => ({ ...e, event: redact(e.event), ...('input' in e ? { input: redact(e.input) } : {}) })),
        null,
        2,
      );
    },
    clear: () => void entries.splice(0),
  };
};

export type EventLog = ReturnType<typeof createEventLog>;

/**
 * Sends the logged events, in order, to fresh actors of the same names. Give them effect
 * actors that never answer by themselves: the logged results are what drive them.
 */
export const replayEvents = (events: readonly LoggedEvent[], actors: Record<string, AnyActorRef>): void => {
  for (const { actor, event } of events) {
    if (event.type === 'xstate.init') continue;
    const target = actors[actor];
    if (!target) throw new Error(`The log names an actor "${actor}" that the replay was not given`);
    target.send(event);
  }
};
