import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * A sentence, or a function that writes it from what it describes. The function is a method's
 * type, so one machine's templates (typed by its events) are also the harness's untyped ones.
 */
type Sentence<A extends unknown[]> = string | { write(...args: A): string }['write'];

/**
 * The words of a machine's test plan, declared beside its model. Sentences are clauses: the plan
 * adds `Given`, `When` and `Then`.
 * - `states`: one per leaf state, keyed by its path (`guest.loggingIn`). A snapshot in several
 *   leaves at once (parallel regions) reads its sentences joined by "and"; an empty sentence
 *   says nothing for that leaf. It may read the snapshot's context (`the cart holds …`).
 * - `events`: one per event the machine handles, keyed by type; actor results by
 *   `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, timers by `xstate.after.<delay>`.
 *   It gets the event and the snapshot it arrives in.
 */
export type PlanTemplates<TSnapshot = AnyMachineSnapshot, TEvent extends EventObject = AnyEventObject> = {
  states: Record<string, Sentence<[snapshot: TSnapshot]>>;
  /** Keyed by the events the model may send (each sentence gets its own event's type), and timers. */
  events: { [K in TEvent['type']]?: Sentence<[event: Extract<TEvent, { type: K }>, snapshot: TSnapshot]> } & {
    [timer: `xstate.after.${string}`]: Sentence<[event: AnyEventObject, snapshot: TSnapshot]>;
  };
};

export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** `xstate.after.idle.kiosk.browsing` → `xstate.after.idle`: a timer's sentence does not depend on the state id. */
export const eventKey = (type: string): string => (type.startsWith('xstate.after.') ? type.split('.').slice(0, 3).join('.') : type);

const isLeaf = (n: AnyStateNode) => n.type === 'atomic' || n.type === 'final';
const keyOf = (n: AnyStateNode) => n.path.join('.');

/** The leaf states and handled event types that need a sentence. */
export const describable = (machine: AnyStateMachine) => {
  const nodes = getStateNodes(machine.root);
  const states = nodes.filter(isLeaf).map(keyOf);
  const events = new Set<string>();
  for (const node of [machine.root, ...nodes]) for (const type of node.transitions.keys()) events.add(eventKey(type));
  return { states, events: [...events] };
};

/** Every missing or unknown sentence, named, so a new state or event cannot reach the plan undescribed. */
export const templateProblems = (name: string, machine: AnyStateMachine, templates: PlanTemplates | undefined): string[] => {
  if (!templates) return [`${name}: no plan templates (add \`describe: { states, events }\` to its model)`];
  const { states, events } = describable(machine);
  return [
    ...states.filter((s) => !(s in templates.states)).map((s) => `${name}: no sentence for state "${s}"`),
    ...events.filter((e) => !(e in templates.events)).map((e) => `${name}: no sentence for event "${e}"`),
    ...Object.keys(templates.states)
      .filter((s) => !states.includes(s))
      .map((s) => `${name}: a sentence for state "${s}", which the machine does not have`),
    ...Object.keys(templates.events)
      .filter((e) => !events.includes(e))
      .map((e) => `${name}: a sentence for event "${e}", which the machine does not handle`),
  ];
};

const write = <A extends unknown[]>(sentence: Sentence<A> | undefined, what: string, ...args: A): string => {
  if (sentence === undefined) throw new TemplateError(`no sentence for ${what}`);
  return typeof sentence === 'string' ? sentence : sentence(...args);
};

export const stateSentence = (templates: PlanTemplates, snapshot: AnyMachineSnapshot): string => {
  // Document order, so parallel regions always read in the same order.
  const leaves = (snapshot._nodes as AnyStateNode[])
    .filter(isLeaf)
    .sort((x, y) => x.order - y.order)
    .map(keyOf);
  const parts = leaves.map((k) => write(templates.states[k], `state "${k}"`, snapshot)).filter((s) => s !== '');
  return parts.join(' and ');
};

export const eventSentence = (templates: PlanTemplates, event: AnyEventObject, before: AnyMachineSnapshot): string => {
  const key = eventKey(event.type);
  return write(templates.events[key], `event "${key}"`, event, before);
};
