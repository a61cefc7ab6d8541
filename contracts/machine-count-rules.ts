// Zod-free: the page's counter (machines/shared/transition-counts.ts) reads these at run time.

/**
 * How often a machine took one transition in production: the machine's id, the state node it
 * left, the event and the state nodes it entered (NOT_TAKEN when no transition took the event).
 * Labels only, all from the machines' own definitions: no context, no ids, no payload.
 */
export type TransitionCount = { machine: string; source: string; event: string; target: string; count: number };

/** The target of an event that no transition took (the page sent it; the machine ignored it). */
export const NOT_TAKEN = '(not taken)';

/** The most rows one page sends at a time: far more than the shop's machines have transitions. */
export const MAX_COUNT_ROWS = 500;

/** Where a page posts its counts (the BFF also takes them there as a beacon: bff/http/anti-forgery.ts). */
export const MACHINE_COUNTS_URL = '/api/machine-counts';

/**
 * The type of a page's beacon of counts: a CORS-safelisted type, so a beacon needs no preflight;
 * the BFF reads it as JSON on MACHINE_COUNTS_URL alone.
 */
export const BEACON_TYPE = 'text/plain;charset=UTF-8';
