// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle } from '../../../app/testing/dom.ts';
import { mockFetch } from '../../../app/testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../app/testing/render.tsx';
import { AdminEditProductPage } from './edit-product-page.tsx';
import { REFRESH_AFTER_UPLOAD_MS } from './product-images.tsx';

setupComponentTests();

const product = (images: string[]) => ({
  _id: 'p1', name: 'Lamp', description: 'Bright', price: 10, count: 2, images: images.map((path) => ({ path })),
  rating: 0, reviewsNumber: 0, reviews: [], category: 'Home', attrs: [],
});

/** A stand-in for XMLHttpRequest that the test drives: it reports upload progress, then answers. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  url = '';
  status = 0;
  responseText = '';
  statusText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) { this.url = url; }
  setRequestHeader(k: string, v: string) { this.headers[k] = v; }
  send() { FakeXhr.sent.push(this); }
  abort() { this.onabort?.(); }
  progress(loaded: number, total: number) { this.upload.onprogress?.({ loaded, total, lengthComputable: true }); }
  answer(status: number, body: unknown) { this.status = status; this.responseText = JSON.stringify(body); this.onload?.(); }
}

describe('edit product images', () => {
  it('when two images upload, then each shows its own progress, and the images are reloaded 5 s later', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let served = product(['/images/a.png']);
    const calls = mockFetch({ 'GET /api/products/get-one/p1': () => ({ body: served }), 'GET /api/categories': { body: [] } });
    const { container } = await renderWithApp(<AdminEditProductPage />, { route: '/admin/edit-product/p1', pattern: '/admin/edit-product/:id' });
    await settle();
    vi.useFakeTimers();

    const input = [...container.querySelectorAll('label')].find((l) => l.textContent === 'Upload images')!;
    const field = document.getElementById(input.htmlFor) as HTMLInputElement;
    Object.defineProperty(field, 'files', { configurable: true, value: [new File(['aaaa'], 'one.png'), new File(['bbbbbbbb'], 'two.png')] });
    await act(async () => void field.dispatchEvent(new Event('change', { bubbles: true })));

    expect(FakeXhr.sent.map((x) => [x.url, x.headers['X-CSRF']])).toEqual([
      ['/api/products/admin/upload?productId=p1', '1'],
      ['/api/products/admin/upload?productId=p1', '1'],
    ]);
    await act(async () => {
      FakeXhr.sent[0]!.progress(1, 4);
      FakeXhr.sent[1]!.progress(6, 8);
    });
    const bars = () => [...container.querySelectorAll('progress')].map((p) => [p.getAttribute('aria-label'), Number(p.getAttribute('value')), Number(p.getAttribute('max'))]);
    expect(bars()).toEqual([['Upload of one.png', 1, 4], ['Upload of two.png', 6, 8]]);

    served = product(['/images/a.png', '/images/b.png', '/images/c.png']);
    await act(async () => {
      FakeXhr.sent[0]!.answer(201, { message: 'upload successful', images: [{ path: '/images/b.png' }] });
      FakeXhr.sent[1]!.answer(201, { message: 'upload successful', images: [{ path: '/images/c.png' }] });
    });
    const gets = () => calls.filter((c) => c.url.startsWith('/api/products/get-one')).length;
    const before = gets();
    await act(async () => void vi.advanceTimersByTime(REFRESH_AFTER_UPLOAD_MS - 1));
    expect(gets()).toBe(before);
    await act(async () => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await settle();
    expect(gets()).toBe(before + 1);
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/images/a.png', '/images/b.png', '/images/c.png']);
  });
});
