import type { AnyActorRef, AnyEventObject, InspectionEvent } from 'xstate';

/** One event an actor of the client received, in the order received. */
export type LoggedEvent = { actor: string; event: AnyEventObject };

const SECRET_KEY = /password|token|secret|authorization|cookie/i;
export const REDACTED = '[redacted]';

/** A deep copy with every secret-looking field replaced, so an exported log can be shared. */
export const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  // An empty secret stays empty: "no token" must replay as no token.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== '' && v !== null ? REDACTED : redact(v)]));
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
  return {
    entries,
    inspect:
      (name: string) =>
      (inspection: InspectionEvent): void => {
        if (inspection.type !== '@xstate.event') return;
        const target = inspection.actorRef as AnyActorRef;
        // Only the named root actor: its children's own traffic, and what it sends other roots
        // (the checkout's cart.clear), are rebuilt by replaying it.
        if (target.sessionId !== inspection.rootId || NOT_EVENTS.has(inspection.event.type)) return;
        entries.push({ actor: name, event: structuredClone(inspection.event) });
      },
    /** JSON for a development export: secrets redacted. */
    toJSON: (): string => JSON.stringify(entries.map((e) => ({ actor: e.actor, event: redact(e.event) })), null, 2),
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
    const target = actors[actor];
    if (!target) throw new Error(`The log names an actor "${actor}" that the replay was not given`);
    target.send(event);
  }
};
