import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler, setUnreachableHandler } from './api.ts';
import { mockFetch } from '../testing/fetch-mock.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api fetch wrapper', () => {
  it('when posting, then JSON goes out with the anti-forgery header and same-origin credentials', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(init);
      return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
    });
    await expect(api.post('/api/orders', { a: 1 })).resolves.toEqual({ ok: 1 });
    await api.get('/api/orders');
    const [post, get] = seen;
    expect(post?.credentials).toBe('same-origin');
    expect(post?.headers).toMatchObject({ 'X-CSRF': '1', 'Content-Type': 'application/json' });
    expect(post?.body).toBe('{"a":1}');
    expect((get?.headers as Record<string, string>)['X-CSRF']).toBeUndefined();
  });

  it.each(['PUT', 'DELETE'] as const)('when sending %s, then the anti-forgery header is set too', async (method) => {
    const calls = mockFetch({ [`${method} /api/x`]: { body: 'user removed' } });
    await expect(method === 'PUT' ? api.put('/api/x', {}) : api.delete('/api/x')).resolves.toBe('user removed');
    expect(calls[0]?.headers['X-CSRF']).toBe('1');
  });

  it('when the server answers an error with a message, then the call rejects with its status, message and the field it names', async () => {
    mockFetch({ 'POST /api/users/register': { status: 400, body: { message: 'Please enter a name', field: 'name' } } });
    await expect(api.post('/api/users/register', {})).rejects.toEqual({ status: 400, message: 'Please enter a name', field: 'name' });
  });

  it('when a 429 says Retry-After in seconds, then the error carries them', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ message: 'Too many wrong PINs. Try again in 5 minutes.' }), {
          status: 429,
          headers: { 'retry-after': '300' },
        }),
    );
    await expect(api.post('/api/kiosk/unlock', { pin: '0000' })).rejects.toEqual({
      status: 429,
      message: 'Too many wrong PINs. Try again in 5 minutes.',
      retryAfter: 300,
    });
  });

  it('when the error body is not JSON, then the body itself is the message', async () => {
    mockFetch({ 'GET /api/products/bestsellers': { status: 503, body: 'Service Unavailable: maintenance until 10:00' } });
    await expect(api.get('/api/products/bestsellers')).rejects.toEqual({
      status: 503,
      message: 'Service Unavailable: maintenance until 10:00',
    });
  });

  it("when nginx's HTML 502 page comes back, then the call rejects with a sentence to act on, never the markup", async () => {
    const page =
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
    vi.stubGlobal('fetch', async () => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(api.post('/api/orders', {})).rejects.toEqual({
      status: 502,
      message: 'The shop cannot be reached right now. Please try again in a moment.',
    });
  });

  it.each([
    [413, '<html><body>413 Request Entity Too Large</body></html>', 'That is too large to send: choose smaller or fewer files.'],
    [500, '', 'Something went wrong on our side. Please try again.'],
    [504, '{"error":"gateway"}', 'The shop cannot be reached right now. Please try again in a moment.'],
  ])('when a %i answer holds no message (%j), then the status gives the sentence', async (status, text, message) => {
    vi.stubGlobal('fetch', async () => new Response(text, { status }));
    await expect(api.get('/api/products')).rejects.toEqual({ status, message });
  });

  it("when the status sentences' own chunk cannot be fetched either, then the call says the shop could not be reached, never the markup", async () => {
    vi.resetModules();
    vi.doMock('./error-text.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      const fresh = await import('./api.ts');
      vi.stubGlobal('fetch', async () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }));
      await expect(fresh.api.get('/api/products')).rejects.toEqual({ status: 502, message: expect.stringMatching(/could not be reached/) });
    } finally {
      vi.doUnmock('./error-text.ts');
      vi.resetModules();
    }
  });

  it('when any call answers 401, then the unauthorized handler runs once', async () => {
    const handler = vi.fn();
    const stop = setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/orders': { status: 401, body: { message: 'Please log in' } }, 'GET /api/ok': { body: [] } });
    await expect(api.get('/api/orders')).rejects.toMatchObject({ status: 401 });
    await api.get('/api/ok');
    stop();
    await expect(api.get('/api/orders')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('when the network fails, then the call rejects with status 0 and a sentence to act on', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/categories')).rejects.toEqual({ status: 0, message: expect.stringMatching(/could not be reached/) });
  });

  it('when a call gets no answer or the BFF cannot reach the API (502–504), then the unreachable handler hears it; other errors and aborts do not', async () => {
    const handler = vi.fn();
    const stop = setUnreachableHandler(handler);
    mockFetch({
      'GET /api/a': { status: 502, body: {} },
      'GET /api/b': { status: 404, body: {} },
      'GET /api/c': { status: 500, body: {} },
    });
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 502 });
    await expect(api.get('/api/b')).rejects.toMatchObject({ status: 404 });
    await expect(api.get('/api/c')).rejects.toMatchObject({ status: 500 });
    expect(handler).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/d')).rejects.toMatchObject({ status: 0 });
    const aborted = new AbortController();
    aborted.abort();
    await expect(api.get('/api/e', { signal: aborted.signal })).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(2);
    stop();
  });
});
