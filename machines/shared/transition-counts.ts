import type { AnyMachineSnapshot, AnyStateNode, InspectionEvent } from 'xstate';
import { NOT_TAKEN, type TransitionCount } from '#contracts/machine-count-rules.ts';

/** A transition definition as xstate keeps it (state nodes' `transitions`, microsteps' `_transitions`). */
type TransitionDef = { source: AnyStateNode; eventType: string; target?: readonly AnyStateNode[] | undefined };

/**
 * The labels a transition is counted by, the same for a page's microsteps and a model's totals:
 * the state node it leaves, its event (`(always)` for an eventless one), the nodes it enters
 * (its own source when it has no target).
 */
export const transitionLabels = (t: TransitionDef): Omit<TransitionCount, 'machine' | 'count'> => ({
  source: t.source.id,
  event: t.eventType || '(always)',
  target: t.target?.length ? t.target.map((n) => n.id).join(' ') : t.source.id,
});

const keyOf = (c: Omit<TransitionCount, 'count'>) => `${c.machine}\n${c.source}\n${c.event}\n${c.target}`;
const NOT_EVENTS = new Set(['xstate.init', 'xstate.stop']);

/**
 * Counts the transitions the inspected root actors take, by labels only (transitionLabels), and
 * each event no transition took, by the leaf states it met. `take()` hands over what was counted
 * since the last take and starts again from zero.
 */
export const createTransitionCounter = () => {
  const counts = new Map<string, TransitionCount>();
  const add = (row: Omit<TransitionCount, 'count'>) => {
    const key = keyOf(row);
    const known = counts.get(key);
    if (known) known.count += 1;
    else counts.set(key, { ...row, count: 1 });
  };
  return {
    inspect: (inspection: InspectionEvent): void => {
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
      const snapshot = inspection.snapshot as AnyMachineSnapshot;
      const machine = snapshot.machine.id;
      const transitions = (inspection as { _transitions?: TransitionDef[] })._transitions ?? [];
      for (const t of transitions) add({ machine, ...transitionLabels(t) });
      if (transitions.length > 0 || NOT_EVENTS.has(inspection.event.type)) return;
      const leaves = snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id);
      add({ machine, source: leaves.join(' '), event: inspection.event.type, target: NOT_TAKEN });
    },
    take: (): TransitionCount[] => {
      const rows = [...counts.values()];
      counts.clear();
      return rows;
    },
  };
};
