import { createActor, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type StateValue } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { cartMachine } from '../cart/cart.machine.ts';
import type { LoggedEvent } from '../shared/event-log.ts';
import { memoryStorage } from '../shared/storage.ts';
import { sameJson } from './assert.ts';
import { allModels } from './models.ts';
import { eventLabel } from './statechart.ts';

/**
 * How to start one logged actor again: its machine, with effects that never answer by
 * themselves (the logged results drive it), and an input: the one the log recorded when it
 * was plain data, else one for the state the log says it started in (a browser that had a
 * user logged in starts `auth` logged in), linked to the other replayed actors it uses.
 */
export type ReplayStart = { state?: StateValue; input?: unknown };
export type ReplayActor = { machine: AnyStateMachine; input: (start: ReplayStart, running: ReadonlyMap<string, AnyActorRef>) => unknown };

const placeholderUser = (isAdmin: boolean): UserInfo => ({
  _id: 'replay',
  name: '[redacted]',
  lastName: '[redacted]',
  email: '[redacted]',
  isAdmin,
});
const loggedInAs = (start: StateValue | undefined): 'user' | 'admin' | null => {
  const loggedIn = typeof start === 'object' ? (start.loggedIn as { role?: string } | undefined) : undefined;
  return loggedIn ? (loggedIn.role === 'admin' ? 'admin' : 'user') : null;
};

/**
 * The actors the client logs, by the names it gives them (client/app/providers.tsx), and every
 * other machine of models.ts by its plan name (`customer-chat`), started with its model's input.
 */
export const replayActors = (): Record<string, ReplayActor> => {
  const models = Object.fromEntries(
    allModels().map((m) => [
      m.name.replace(/\s+/g, '-'),
      { machine: m.machine, input: (start: ReplayStart) => start.input ?? (m.inputs?.[0] ?? m.input)?.() },
    ]),
  );
  return {
    ...models,
    auth: {
      machine: models.auth!.machine,
      input: (start) => {
        const role = loggedInAs(start.state);
        const session = memoryStorage(role ? { userInfo: JSON.stringify(placeholderUser(role === 'admin')) } : {});
        return { local: memoryStorage(), session };
      },
    },
    cart: { machine: cartMachine, input: () => ({ storage: memoryStorage() }) },
    // The checkout reprices and empties the app's cart: the replayed one when the log has it.
    checkout: {
      machine: models.checkout!.machine,
      input: (_start, running) => ({
        userId: 'replay',
        cart: running.get('cart') ?? createActor(cartMachine, { input: { storage: memoryStorage() } }).start(),
        idempotencyKey: 'replay',
      }),
    },
  };
};

/** A state value as dotted leaf paths: `loggedIn.role.user, loggedIn.profile.idle`. */
export const stateText = (value: StateValue): string => {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .flatMap(([key, child]) =>
      child === undefined
        ? [key]
        : stateText(child)
            .split(', ')
            .map((leaf) => `${key}.${leaf}`),
    )
    .join(', ');
};

export type ReplayResult = { lines: string[]; problem: string | null };

/** The entries of an exported log (`statefrontEvents.download()`), or an error saying what is wrong with the file. */
export const parseLog = (json: string): LoggedEvent[] => {
  const data: unknown = JSON.parse(json);
  const valid = (e: unknown): e is LoggedEvent =>
    typeof e === 'object' &&
    e !== null &&
    typeof (e as LoggedEvent).actor === 'string' &&
    typeof (e as LoggedEvent).event?.type === 'string';
  if (!Array.isArray(data)) throw new Error('An event log is a JSON array of { actor, event } entries');
  const bad = data.findIndex((e) => !valid(e));
  if (bad >= 0) throw new Error(`Entry ${bad} is not { actor, event: { type } }`);
  return data as LoggedEvent[];
};

/**
 * Replays a log on fresh actors and says, per event, the state each actor reaches. Stops at
 * the first divergence: an unknown actor, an event the machine cannot take (or takes where the
 * browser's did not), or a state other than the one the log recorded.
 */
export const replayLog = (entries: readonly LoggedEvent[], actors: Record<string, ReplayActor> = replayActors()): ReplayResult => {
  const running = new Map<string, AnyActorRef>();
  const lines: string[] = [];
  const width = Math.max(...entries.map((e) => e.actor.length + (e.run === undefined ? 0 : `#${e.run}`.length)), 0);
  const say = (actor: string, text: string) => lines.push(`${actor.padEnd(width)}  ${text}`);
  const fail = (at: number, actor: string, text: string): ReplayResult => {
    say(actor, `✗ ${text}`);
    return { lines, problem: `entry ${at} (${actor}): ${text}` };
  };
  try {
    for (const [at, { actor: name, run, event, taken, state, input }] of entries.entries()) {
      const spec = actors[name];
      // Several actors of one name (fetch #1, fetch #2) are replayed each on its own.
      const actor = run === undefined ? name : `${name}#${run}`;
      if (!spec)
        return fail(at, actor, `the log names an actor "${name}" that replay does not know (known: ${Object.keys(actors).join(', ')})`);
      let ref = running.get(actor);
      if (!ref) {
        ref = createActor(spec.machine, { input: spec.input(event.type === 'xstate.init' ? { state, input } : {}, running) }).start();
        running.set(actor, ref);
        say(actor, `starts in ${stateText((ref.getSnapshot() as AnyMachineSnapshot).value)}`);
      }
      const before = ref.getSnapshot() as AnyMachineSnapshot;
      const can = event.type === 'xstate.init' || (before.status === 'active' && before.can(event as AnyEventObject));
      if (event.type !== 'xstate.init') {
        const where = stateText(before.value);
        if (taken === undefined && !can) return fail(at, actor, `${event.type} cannot be taken in ${where}`);
        if (taken !== undefined && taken !== can)
          return fail(
            at,
            actor,
            `${event.type} in ${where}: the browser's machine ${taken ? 'took' : 'ignored'} it, this one ${can ? 'takes' : 'ignores'} it`,
          );
        ref.send(event);
      }
      const after = (ref.getSnapshot() as AnyMachineSnapshot).value;
      if (state !== undefined && !sameJson(after, state))
        return fail(at, actor, `after ${event.type} the log recorded ${stateText(state)}, the machine is in ${stateText(after)}`);
      if (event.type !== 'xstate.init') say(actor, `${eventLabel(event.type)} → ${stateText(after)}${can ? '' : ' (ignored)'}`);
    }
    return { lines, problem: null };
  } finally {
    for (const ref of running.values()) ref.stop();
  }
};
