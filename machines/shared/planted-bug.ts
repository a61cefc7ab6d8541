import type { AnyStateMachine } from 'xstate';

/**
 * `machine` with every transition on `eventType` taken away: it ignores that event in every state,
 * as a bug that breaks one transition would. Tests start a shop with it (PLANTED_BUG, never in
 * production) to prove that a regression test written from a problem report fails while the bug is
 * there. It replaces `getTransitionData`, which both sending an event and `snapshot.can` go
 * through (one of the internals testing/xstate-internals.test.ts watches); unset, `machine` itself.
 */
export const withPlantedBug = <M extends AnyStateMachine>(machine: M, eventType: string | undefined): M => {
  if (!eventType) return machine;
  const broken = machine.provide({}) as M;
  const all = broken.getTransitionData.bind(broken);
  broken.getTransitionData = (snapshot, event) => (event.type === eventType ? [] : all(snapshot, event));
  return broken;
};
