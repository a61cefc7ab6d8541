import { vi } from 'vitest';

/** `headers`: extra response headers (an admin list page's X-Total-Count, say). */
export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
export type MockRoute =
  MockAnswer | ((req: { method: string; url: string; body: unknown; headers: Record<string, string> }) => MockAnswer | Promise<MockAnswer>);

export type FetchCall = { method: string; url: string; body: unknown; headers: Record<string, string> };

/**
 * Replaces global fetch with answers keyed by "METHOD /path" (query ignored); an unknown call
 * fails the test loudly instead of hanging. Returns the calls made, in order.
 */
export function mockFetch(routes: Record<string, MockRoute>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method, url, body, headers };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${method} ${path}`];
    if (!route) throw new Error(`Unexpected fetch ${method} ${url}`);
    const answer = typeof route === 'function' ? await route(call) : route;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': typeof answer.body === 'string' ? 'text/plain' : 'application/json', ...answer.headers },
    });
  });
  return calls;
}
