// Without zod: the browser's report dialog reads these too.

/**
 * A shopper's problem report: what they wrote, and the tab's masked event log with where and in
 * what browser it happened. Limits and sentences both sides show live in PROBLEM_REPORT.
 */
export const PROBLEM_REPORT = {
  /** Characters of `What went wrong?`. */
  maxText: 2000,
  /** Bytes of the event log as compact JSON; the client drops the oldest events to stay within. */
  maxLogBytes: 1_048_576,
  tooLarge: 'The report is larger than 1 MB: it was not stored',
  tooMany: 'You have sent several reports already. Please wait an hour before sending another.',
} as const;

/** `R-1042`: how the shop names a report to the shopper and the admin. */
export const reportNumber = (number: number): string => `R-${number}`;
