import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** What xstate keeps of a guard: a name, `{ type, params }`, or a function (`and`/`or`/`not` carry `guards`). */
type RawGuard = string | { type: string } | (((...args: never[]) => unknown) & { guards?: RawGuard[] }) | undefined;

export const guardLabel = (guard: RawGuard): string | undefined => {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts = (guard.guards ?? []).map((g) => guardLabel(g) ?? '?');
    if (guard.name === 'not') return `not ${parts[0] ?? '?'}`;
    if (guard.name === 'and' || guard.name === 'or') return parts.join(` ${guard.name} `);
    return guard.name || 'inline guard';
  }
  return guard.type;
};

/** `xstate.done.actor.login` reads `login done`, a delay `after idle`, an eventless one `always`. */
export const eventLabel = (type: string): string => {
  if (type === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]} ${actor[1]}`;
  if (type.startsWith('xstate.after.')) return `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
  return type;
};

// Mermaid ids are global to a diagram and plain words: a nested state is named by its path.
const idOf = (node: AnyStateNode): string => [node.machine.id, ...node.path].join('_').replace(/[^\w]/g, '_');

const isAncestor = (a: AnyStateNode, b: AnyStateNode): boolean => {
  for (let n: AnyStateNode | undefined = b; n; n = n.parent) if (n === a) return true;
  return false;
};

/** The innermost state containing both ends, where the arrow is declared. */
const commonParent = (a: AnyStateNode, b: AnyStateNode): AnyStateNode => {
  for (let n: AnyStateNode | undefined = a.parent ?? a; n; n = n.parent) if (isAncestor(n, b) && n !== b) return n;
  return a.machine.root;
};

type Arrow = { from: AnyStateNode; to: AnyStateNode; label: string };

const arrowsOf = (node: AnyStateNode): Arrow[] => {
  const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as {
    eventType: string;
    guard?: RawGuard;
    target?: AnyStateNode[];
  }[];
  return defs.flatMap((t) => {
    const guard = guardLabel(t.guard);
    const label = eventLabel(t.eventType) + (guard ? ` [${guard}]` : '');
    // A transition without a target still handles the event: drawn as a loop on its state.
    return (t.target?.length ? t.target : [node]).map((to) => ({ from: node, to, label }));
  });
};

/**
 * A Mermaid `stateDiagram-v2` of the machine definition: the machine is the outer state, nested
 * states are composites, parallel regions are split by `--`, and every transition (guarded
 * branches each on their own) is an arrow labelled with its event and guard.
 */
export const statechart = (machine: AnyStateMachine): string => {
  const all: AnyStateNode[] = [];
  const collect = (n: AnyStateNode) => {
    all.push(n);
    Object.values(n.states as Record<string, AnyStateNode>).forEach(collect);
  };
  collect(machine.root);
  const arrows = all.flatMap(arrowsOf);
  const root = machine.root;
  // An arrow on the machine itself is drawn outside its box; the others inside the innermost common state.
  const onRoot = (a: Arrow) => a.from === root || a.to === root;
  const arrowsIn = (n: AnyStateNode) => arrows.filter((a) => !onRoot(a) && commonParent(a.from, a.to) === n);
  const line = (a: Arrow) => `${idOf(a.from)} --> ${idOf(a.to)} : ${a.label}`;

  const render = (node: AnyStateNode, indent: string): string[] => {
    const id = idOf(node);
    const children = Object.values(node.states as Record<string, AnyStateNode>);
    const head = [`${indent}state "${node.key}" as ${id}`];
    if (node.type === 'final') return head;
    if (children.length === 0) return head;
    const inner = indent + '  ';
    const body: string[] = [];
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) body.push(`${inner}--`);
        body.push(...render(child, inner));
      });
    } else {
      const initial = (node.initial?.target ?? [])[0] as AnyStateNode | undefined;
      if (initial) body.push(`${inner}[*] --> ${idOf(initial)}`);
      for (const child of children) body.push(...render(child, inner));
      for (const child of children) if (child.type === 'final') body.push(`${inner}${idOf(child)} --> [*]`);
    }
    body.push(...arrowsIn(node).map((a) => inner + line(a)));
    return [...head, `${indent}state ${id} {`, ...body, `${indent}}`];
  };

  const top = arrows.filter(onRoot).map((a) => `  ${line(a)}`);
  return ['stateDiagram-v2', `  [*] --> ${idOf(root)}`, ...render(root, '  '), ...top].join('\n');
};
