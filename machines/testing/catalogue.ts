import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * The table of machines in machines/README.md, read from the machines themselves so it cannot
 * drift from them (`npm run test:model -- --plan` writes it, `--check` and `npm test` compare).
 */

/** Where a machine is defined: its file from the repository root (under machines/ or api/) and the name it is exported as. */
export type MachineSource = { file: string; exportName: string };
export type CatalogueEntry = { name: string; machine: AnyStateMachine; source: MachineSource };

export const CATALOGUE_FILE = 'machines/README.md';
export const CATALOGUE_START = '<!-- machines:start -->';
export const CATALOGUE_END = '<!-- machines:end -->';

/** What an emit whose event is computed when it runs reads as, when even a probe cannot tell its type. */
export const COMPUTED_EMIT = '(computed)';

export type MachineFacts = {
  id: string;
  /** Every state node below the root. */
  stateCount: number;
  topStates: string[];
  /** Event types the machine's transitions take, outside xstate's own (actor results, timers). */
  events: string[];
  /**
   * The actors the machine needs provided: the `src` of every invoke (inline logic reads
   * `(inline)`), then the other actors it declares, which it spawns (`spawnChild('uploadFile')`).
   */
  actors: string[];
  delays: string[];
  tags: string[];
  /** Types of the events `emit(...)` sends to the actor's subscribers. */
  emits: string[];
};

/** An action as xstate keeps it: a name, `{ type, params }`, or a built-in action function. */
type RawAction = string | { type: string } | (((...args: never[]) => unknown) & { type?: string; event?: unknown });

type Transition = { eventType: string; actions: readonly RawAction[] };

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** What the probe reads as in a string: a type that contains it was made from the event, not written out. */
const PROBED = '\u0000probe\u0000';

/**
 * An object that answers any property read or call with itself, and reads as PROBED in a string,
 * so an emit's event expression can run without a real event and show the `type` it writes.
 */
const anything: unknown = new Proxy(function probe() {}, {
  get: (_, key) => (key === Symbol.toPrimitive ? () => PROBED : key === Symbol.iterator ? [][Symbol.iterator] : anything),
  apply: () => anything,
});

/** The type of an emitted event: read from the object, or from what its expression returns for a probe. */
export const emittedType = (event: unknown): string => {
  let value = event;
  if (typeof event === 'function') {
    try {
      value = (event as (args: unknown, params: unknown) => unknown)(anything, anything);
    } catch {
      return COMPUTED_EMIT;
    }
  }
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && !type.includes(PROBED) ? type : COMPUTED_EMIT;
};

/** The events emitted by an action, following named actions into the machine's implementations. */
const emitsOf = (machine: AnyStateMachine, action: RawAction, seen = new Set<unknown>()): string[] => {
  if (seen.has(action)) return [];
  seen.add(action);
  if (typeof action === 'function') return action.type === 'xstate.emit' ? [emittedType(action.event)] : [];
  const name = typeof action === 'string' ? action : action.type;
  const named = (machine.implementations.actions as Record<string, RawAction | undefined>)[name];
  return named ? emitsOf(machine, named, seen) : [];
};

const transitionsOf = (node: AnyStateNode): Transition[] =>
  [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as unknown as Transition[];

/** `xstate.after.hold.pinPad.pressing` → `hold`; a number of milliseconds reads `5000 ms`. */
const delayOf = (eventType: string): string | undefined => {
  if (!eventType.startsWith('xstate.after.')) return undefined;
  const delay = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  return /^\d+$/.test(delay) ? `${delay} ms` : delay;
};

export const machineFacts = (machine: AnyStateMachine): MachineFacts => {
  const below = getStateNodes(machine.root);
  const nodes = [machine.root, ...below];
  const transitions = nodes.flatMap(transitionsOf);
  const actions = [
    ...nodes.flatMap((n) => [...(n.entry as RawAction[]), ...(n.exit as RawAction[])]),
    ...transitions.flatMap((t) => [...t.actions]),
  ];
  const types = transitions.map((t) => t.eventType);
  return {
    id: machine.id,
    stateCount: below.length,
    topStates: Object.keys(machine.root.states),
    events: unique(types.filter((t) => t !== '' && !t.startsWith('xstate.'))),
    actors: unique([
      ...nodes.flatMap((n) => n.invoke.map((i) => (typeof i.src === 'string' ? i.src : '(inline)'))),
      ...Object.keys(machine.implementations.actors),
    ]),
    delays: unique(types.map(delayOf).filter((d): d is string => d !== undefined)),
    tags: unique(nodes.flatMap((n) => [...n.tags])),
    emits: unique(actions.flatMap((a) => emitsOf(machine, a))),
  };
};

const code = (xs: string[]): string => (xs.length === 0 ? '–' : xs.map((x) => `\`${x}\``).join(' '));

const row = ({ name, machine, source }: CatalogueEntry): string => {
  const f = machineFacts(machine);
  // Links relative to machines/README.md.
  const file = source.file.startsWith('machines/') ? source.file.slice('machines/'.length) : `../${source.file}`;
  const cells = [
    `${name} (\`#${f.id}\`)`,
    `[${file}](${file}) \`${source.exportName}\``,
    `${f.stateCount}: ${code(f.topStates)}`,
    code(f.events),
    code(f.actors),
    code(f.delays),
    code(f.tags),
    code(f.emits),
  ];
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
};

/** The generated table, one row per machine in the order of the models. */
export const catalogueTable = (entries: CatalogueEntry[]): string =>
  [
    '| machine | file, export | states (how many: the top level) | events in | actors to provide | delays | tags | emits |',
    '|---|---|---|---|---|---|---|---|',
    ...entries.map(row),
  ].join('\n');

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** The README with the table between its markers replaced; the prose around them is kept. */
export const withCatalogue = (readme: string, table: string): string => {
  const start = readme.indexOf(CATALOGUE_START);
  const end = readme.indexOf(CATALOGUE_END);
  if (start < 0 || end < start) throw new CatalogueError(`${CATALOGUE_FILE} has no ${CATALOGUE_START} … ${CATALOGUE_END} markers`);
  const note = '<!-- Generated by `npm run test:model -- --plan` from the models in scripts/models.ts; do not edit by hand. -->';
  return `${readme.slice(0, start)}${CATALOGUE_START}\n${note}\n\n${table}\n\n${readme.slice(end)}`;
};

/** What is wrong with the README on disk, as sentences naming the file (empty: it is current). */
export const staleCatalogue = (readme: string | undefined, table: string): string[] => {
  if (readme === undefined) return [`${CATALOGUE_FILE} is missing`];
  try {
    return withCatalogue(readme, table) === readme ? [] : [`${CATALOGUE_FILE} is out of date`];
  } catch (error) {
    return [(error as Error).message];
  }
};
