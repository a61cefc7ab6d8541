import type { ApiError } from '#machines/shared/actors.ts';

export type { ApiError };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `headers`: extra request headers, e.g. `Idempotency-Key` on an order. */
type Options = { signal?: AbortSignal; headers?: Record<string, string> };

const NO_ANSWER = 'The shop could not be reached. Check your connection and try again.';

let onUnauthorized: () => void = () => undefined;

/**
 * The app wires this once to the auth actor, so the fetch wrapper never reaches into UI state:
 * any 401 answer means the session is gone.
 */
export const setUnauthorizedHandler = (handler: () => void): (() => void) => {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = () => undefined;
  };
};

let onUnreachable: () => void = () => undefined;

/**
 * Kiosk mode wires this to its machine: a call that got no answer, or that the BFF could not
 * pass on to the API (502–504), means the shop cannot be reached right now.
 */
export const setUnreachableHandler = (handler: () => void): (() => void) => {
  onUnreachable = handler;
  return () => {
    if (onUnreachable === handler) onUnreachable = () => undefined;
  };
};

const UNREACHABLE_STATUSES: readonly number[] = [502, 503, 504];

const isApiError = (e: unknown): e is ApiError =>
  typeof e === 'object' && e !== null && typeof (e as ApiError).status === 'number' && typeof (e as ApiError).message === 'string';

/**
 * The sentence for an error answer that is not JSON (`text`: itself when it is a sentence) or
 * whose JSON said nothing a person can act on (`text` null): error-text.ts, fetched with the
 * first such answer, not with every first load. When even that fetch fails, the shop could not
 * be reached for a file either, and NO_ANSWER says so.
 */
export const plainMessage = async (text: string | null, contentType: string | null, status: number): Promise<string> => {
  try {
    return await import('./error-text.ts').then((m) => m.messageFor(text, contentType, status));
  } catch {
    return NO_ANSWER;
  }
};

/**
 * Spec section 8: the server's error message, or the response body when it is a sentence;
 * anything else (markup, an empty or unreadable body) gives the status's own sentence.
 */
const errorFrom = async (res: Response): Promise<ApiError> => {
  const text = await res.text().catch(() => '');
  // null: not JSON, so the text itself is the message when it is a sentence.
  let message: string | null = null;
  let field: string | undefined;
  try {
    const body = JSON.parse(text) as unknown;
    message = '';
    if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
      message = (body as { message: string }).message;
      // The field a 400 names, so a form can show the message beside it.
      const named = (body as { field?: unknown }).field;
      if (typeof named === 'string') field = named;
    } else if (typeof body === 'string') message = body;
  } catch {
    // not JSON: the text itself, when it is a sentence
  }
  // A limit's 429 says when to try again (the kiosk PIN pad shows it); only the seconds form.
  const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN);
  return {
    status: res.status,
    message: message?.trim() || (await plainMessage(message === null ? text : null, res.headers.get('content-type'), res.status)),
    ...(field ? { field } : {}),
    ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  };
};

/**
 * The one fetch wrapper: same-origin cookies, JSON in and out, `X-CSRF: 1` on state-changing
 * calls (the BFF refuses them without it). A non-2xx answer rejects with `{ status, message }`.
 */
export async function request<T>(method: Method, url: string, body?: unknown, options: Options = {}): Promise<T> {
  return bodyOf<T>(await answerOf(method, url, body, options));
}

/** A page of an admin list and the X-Total-Count the server sent beside it (null when none came). */
export type Counted<T> = { data: T; total: number | null };

/** A GET whose answer's total matters: the admin tables page through lists of any length. */
export async function getCounted<T>(url: string, options: Options = {}): Promise<Counted<T>> {
  const res = await answerOf('GET', url, undefined, options);
  const header = res.headers.get('x-total-count');
  const total = header === null || !/^\d+$/.test(header) ? null : Number(header);
  return { data: await bodyOf<T>(res), total };
}

/** The answer of a call that succeeded; everything else is thrown as an ApiError. */
async function answerOf(method: Method, url: string, body: unknown, { signal, headers: extra }: Options): Promise<Response> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF'] = '1';
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    onUnreachable();
    throw { status: 0, message: NO_ANSWER } satisfies ApiError;
  }
  if (!res.ok) {
    if (res.status === 401) onUnauthorized();
    if (UNREACHABLE_STATUSES.includes(res.status)) onUnreachable();
    throw await errorFrom(res);
  }
  return res;
}

async function bodyOf<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // Some answers of the spec are plain strings ('review created').
    return text as T;
  }
}

export const api = {
  get: <T>(url: string, options?: Options) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: Options) => request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: Options) => request<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: unknown, options?: Options) => request<T>('PATCH', url, body, options),
  delete: <T>(url: string, options?: Options) => request<T>('DELETE', url, undefined, options),
};

/** The sentence to show for a failed call: its message, else `fallback`. */
export const errorMessage = (error: unknown, fallback = 'Something went wrong'): string =>
  isApiError(error) && error.message ? error.message : error instanceof Error && error.message ? error.message : fallback;

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
