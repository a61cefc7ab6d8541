import { z } from 'zod';

export * from './rules.ts';

/** Every entity id on the wire is an opaque string (a UUID in the database). */
export const Id = z.string().min(1).max(64);
export type Id = z.infer<typeof Id>;

/** Error answer of every endpoint: a sentence a person can act on, and the field at fault. */
export const ErrorBody = z.object({
  message: z.string(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An ISO-8601 timestamp, as JSON carries dates. */
export const Timestamp = z.string();

/** Money on the wire is the spec's plain number of dollars; inside, integer cents. */
export const Money = z.number().nonnegative().max(1_000_000_000);
