import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses input with a contract schema; the first problem becomes a 400 naming its field. */
export const parse = <S extends z.ZodType>(schema: S, input: unknown): z.infer<S> => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined
      ? `${field ?? 'A value'} is required`
      : (issue?.message ?? 'The request is not valid');
  throw badRequest(message, field);
};

/** A UUID path parameter; anything else is a 404 (no such thing), not a database error. */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
