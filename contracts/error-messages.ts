/**
 * What a person is told when an error answer carries no message of its own (nginx's own error
 * pages, a body that is markup): the same sentence from the balancer (scripts/cluster/nginx-config.ts
 * writes them as its JSON error pages) and from the client (client/lib/api.ts shows them
 * instead of any body that is not a message).
 */
export const UNREACHABLE_MESSAGE = 'The shop cannot be reached right now. Please try again in a moment.';

const BY_STATUS: Readonly<Record<number, string>> = {
  408: 'The request took too long to arrive. Please try again.',
  413: 'That is too large to send: choose smaller or fewer files.',
  429: 'Too many requests. Please wait a moment and try again.',
  502: UNREACHABLE_MESSAGE,
  503: UNREACHABLE_MESSAGE,
  504: UNREACHABLE_MESSAGE,
};

/** The sentence for an error answer of `status` that said nothing a person can act on. */
export const fallbackMessage = (status: number): string =>
  BY_STATUS[status] ?? (status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The request could not be completed.');

/** The statuses nginx itself may answer an /api/ call with, each given a JSON error page. */
export const BALANCER_ERROR_STATUSES = [408, 413, 429, 500, 502, 503, 504] as const;
