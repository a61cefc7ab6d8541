import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { notProvided } from '#contracts/rules.ts';

/**
 * What a rejected effect actor throws: the HTTP status (0 when no answer came), a sentence,
 * the field a 400 names when the server named one, and the seconds a 429's Retry-After asks for.
 */
export type ApiError = { status: number; message: string; field?: string; retryAfter?: number };

export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as ApiError).status === 'number' ? (error as ApiError).status : undefined;

export const fieldOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as ApiError).field === 'string' ? (error as ApiError).field : undefined;

/** The spec's words for a refusal that carries no message of its own. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

export const messageOf = (error: unknown, fallback: string): string =>
  typeof error === 'object' && error !== null && typeof (error as ApiError).message === 'string' && (error as ApiError).message
    ? (error as ApiError).message
    : fallback;

/**
 * Placeholder for an effect the client must attach with `.provide({ actors })`: it rejects with
 * a message naming the missing actor instead of silently doing nothing.
 */
export const missingPromise = <TOutput, TInput = void>(name: string) => fromPromise<TOutput, TInput>(notProvided(name));

/** Placeholder for a socket or timer actor the client must provide; it does nothing. */
export const missingCallback = <TEvent extends EventObject, TInput = void>() => fromCallback<TEvent, TInput>(() => () => undefined);
