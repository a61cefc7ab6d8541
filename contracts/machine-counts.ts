import { z } from 'zod';
import { MAX_COUNT_ROWS, NOT_TAKEN } from './machine-count-rules.ts';

export { MAX_COUNT_ROWS, NOT_TAKEN, type TransitionCount } from './machine-count-rules.ts';

// A machine's or state node's id (`cart`, `customerChat.connection.online`), an event type
// (`cart.add`, `xstate.done.actor.login`), a target list: bounded, so a page cannot make new labels of what a person typed.
const label = (pattern: RegExp) => z.string().max(200).regex(pattern);
const STATES = /^[A-Za-z][\w. -]*$/;

/** One row of POST /api/machine-counts. */
export const TransitionCountRow = z.strictObject({
  machine: label(/^[A-Za-z][\w-]*$/),
  // A state node, or the leaf states an event that no transition took met.
  source: label(STATES),
  event: label(/^[A-Za-z(][\w.():[\]-]*$/),
  target: z.union([z.literal(NOT_TAKEN), label(STATES)]),
  count: z.int().min(1).max(1_000_000),
});

/**
 * POST /api/machine-counts: what one page counted since it last sent. A row that is not made of
 * labels is dropped on its own (a page must not lose its other counts, nor see an error, for one
 * label the API does not take); a body that is not such a list is refused.
 */
export const MachineCountsBody = z.strictObject({ counts: z.array(z.unknown()).max(MAX_COUNT_ROWS) });
export type MachineCountsBody = z.infer<typeof MachineCountsBody>;
