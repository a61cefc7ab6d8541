// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, getByRoleName, settle } from '../../../testing/dom.ts';
import { FakeXhr } from '../../../testing/fake-xhr.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminEditProductPage } from './edit-product-page.tsx';
import { REFRESH_AFTER_UPLOAD_MS } from './product-images.tsx';

setupComponentTests();

const product = (images: string[]) => ({
  _id: 'p1',
  name: 'Lamp',
  description: 'Bright',
  price: 10,
  count: 2,
  images: images.map((path) => ({ path })),
  rating: 0,
  reviewsNumber: 0,
  reviews: [],
  category: 'Home',
  attrs: [],
});

describe('edit product images', () => {
  it('when two images upload, then each shows its own progress, and the images are reloaded 5 s later', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let served = product(['/images/a.png']);
    const calls = mockFetch({
      'GET /api/products/get-one/p1': () => ({ body: served }),
      'GET /api/categories': { body: [] },
      'GET /api/products/admin/image-host': { body: { uploadUrl: null } },
    });
    const { container } = await renderWithApp(<AdminEditProductPage />, {
      route: '/admin/edit-product/p1',
      pattern: '/admin/edit-product/:id',
    });
    await settle();
    vi.useFakeTimers();

    const input = [...container.querySelectorAll('label')].find((l) => l.textContent === 'Upload images')!;
    const field = document.getElementById(input.htmlFor) as HTMLInputElement;
    Object.defineProperty(field, 'files', {
      configurable: true,
      value: [new File(['aaaa'], 'one.png'), new File(['bbbbbbbb'], 'two.png')],
    });
    await act(async () => void field.dispatchEvent(new Event('change', { bubbles: true })));
    await act(async () => undefined);

    expect(FakeXhr.sent.map((x) => [x.url, x.headers['X-CSRF']])).toEqual([
      ['/api/products/admin/upload?productId=p1', '1'],
      ['/api/products/admin/upload?productId=p1', '1'],
    ]);
    await act(async () => {
      FakeXhr.sent[0]!.progress(1, 4);
      FakeXhr.sent[1]!.progress(6, 8);
    });
    const bars = () =>
      [...container.querySelectorAll('progress')].map((p) => [
        p.getAttribute('aria-label'),
        Number(p.getAttribute('value')),
        Number(p.getAttribute('max')),
      ]);
    expect(bars()).toEqual([
      ['Upload of one.png', 1, 4],
      ['Upload of two.png', 6, 8],
    ]);
    const statuses = () => [...container.querySelectorAll('[role="status"]')].map((p) => p.textContent);
    expect(statuses()).toEqual([]);
    // Every byte of two.png sent: the shop is writing its sizes until it answers.
    await act(async () => FakeXhr.sent[1]!.progress(8, 8));
    expect(statuses()).toEqual(['two.png: Processing …']);

    served = product(['/images/a.png', '/images/b.png', '/images/c.png']);
    await act(async () => {
      FakeXhr.sent[0]!.answer(201, { message: 'upload successful', images: [{ path: '/images/b.png' }] });
      FakeXhr.sent[1]!.answer(201, { message: 'upload successful', images: [{ path: '/images/c.png' }] });
    });
    expect(statuses()).toEqual([]);
    const gets = () => calls.filter((c) => c.url.startsWith('/api/products/get-one')).length;
    const before = gets();
    await act(async () => void vi.advanceTimersByTime(REFRESH_AFTER_UPLOAD_MS - 1));
    expect(gets()).toBe(before);
    await act(async () => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await settle();
    expect(gets()).toBe(before + 1);
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      '/images/a.png',
      '/images/b.png',
      '/images/c.png',
    ]);
  });

  it('when an image host is configured, then the file goes straight to it and its answer is posted to the shop with cloudinary=true', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const hostUrl = 'https://img.example.test/v1_1/shop/image/upload';
    const hostedUrl = 'https://img.example.test/img/one.png';
    const calls = mockFetch({
      'GET /api/products/get-one/p1': { body: product([]) },
      'GET /api/categories': { body: [] },
      'GET /api/products/admin/image-host': { body: { uploadUrl: hostUrl } },
      'POST /api/products/admin/upload': { status: 201, body: { message: 'upload successful', images: [{ path: hostedUrl }] } },
    });
    const { container } = await renderWithApp(<AdminEditProductPage />, {
      route: '/admin/edit-product/p1',
      pattern: '/admin/edit-product/:id',
    });
    await settle();
    const input = [...container.querySelectorAll('label')].find((l) => l.textContent === 'Upload images')!;
    const field = document.getElementById(input.htmlFor) as HTMLInputElement;
    const file = new File(['aaaa'], 'one.png');
    Object.defineProperty(field, 'files', { configurable: true, value: [file] });
    await act(async () => void field.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();

    const [xhr] = FakeXhr.sent;
    // A third-party host gets neither the shop's cookies nor its anti-forgery header.
    expect([xhr!.url, xhr!.withCredentials, xhr!.headers['X-CSRF'], xhr!.body?.get('file')]).toEqual([hostUrl, false, undefined, file]);
    await act(async () => xhr!.progress(2, 4));
    expect(container.querySelector('progress')?.getAttribute('value')).toBe('2');
    const answer = { secure_url: hostedUrl, url: hostedUrl.replace('https', 'http'), public_id: 'one' };
    await act(async () => xhr!.answer(200, answer));
    await settle();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => [c.url, c.body, c.headers['X-CSRF']])).toEqual([
      ['/api/products/admin/upload?cloudinary=true&productId=p1', answer, '1'],
    ]);
    expect(container.querySelector('progress')?.getAttribute('data-status')).toBe('done');
  });

  it('when a hosted image is deleted, then the call carries cloudinary=true and the image leaves the page', async () => {
    const hostedUrl = 'https://img.example.test/img/one.png';
    const calls = mockFetch({
      'GET /api/products/get-one/p1': { body: product(['/images/a.png', hostedUrl]) },
      'GET /api/categories': { body: [] },
      [`DELETE /api/products/admin/image/${encodeURIComponent(hostedUrl)}/p1`]: { body: { message: 'image removed' } },
      'DELETE /api/products/admin/image/%2Fimages%2Fa.png/p1': { body: { message: 'image removed' } },
    });
    const { container } = await renderWithApp(<AdminEditProductPage />, {
      route: '/admin/edit-product/p1',
      pattern: '/admin/edit-product/:id',
    });
    await settle();
    await click(getByRoleName(container, 'button', 'Delete image 2'));
    await settle();
    await click(getByRoleName(container, 'button', 'Delete image 1'));
    await settle();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/products/admin/image/${encodeURIComponent(hostedUrl)}/p1?cloudinary=true`,
      '/api/products/admin/image/%2Fimages%2Fa.png/p1',
    ]);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  /** The edit page of a product without images, the shop storing uploads itself. */
  const openWithUploads = async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockFetch({
      'GET /api/products/get-one/p1': { body: product([]) },
      'GET /api/categories': { body: [] },
      'GET /api/products/admin/image-host': { body: { uploadUrl: null } },
    });
    const page = await renderWithApp(<AdminEditProductPage />, { route: '/admin/edit-product/p1', pattern: '/admin/edit-product/:id' });
    await settle();
    const picker = () => {
      const label = [...page.container.querySelectorAll('label')].find((l) => l.textContent === 'Upload images')!;
      return document.getElementById(label.htmlFor) as HTMLInputElement;
    };
    const choose = async (names: string[]) => {
      const field = picker();
      Object.defineProperty(field, 'files', { configurable: true, value: names.map((n) => new File(['aaaa'], n)) });
      await act(async () => void field.dispatchEvent(new Event('change', { bubbles: true })));
      await settle();
    };
    return { ...page, picker, choose };
  };

  it('when files are uploading, then the picker is disabled until they end, so no second batch starts beside them', async () => {
    const { picker, choose } = await openWithUploads();
    await choose(['one.png']);
    expect(picker().disabled).toBe(true);
    await act(async () => FakeXhr.sent[0]!.answer(201, { message: 'upload successful', images: [{ path: '/images/one.png' }] }));
    await settle();
    expect(picker().disabled).toBe(false);
  });

  it("when the shop refuses a file, then its row ends with ✗ and the shop's sentence, and the other file still arrives", async () => {
    const { container, choose } = await openWithUploads();
    await choose(['big.png', 'ok.png']);
    await act(async () => {
      FakeXhr.sent[0]!.answer(413, { message: 'The file is too large' });
      FakeXhr.sent[1]!.answer(201, { message: 'upload successful', images: [{ path: '/images/ok.png' }] });
    });
    expect([...container.querySelectorAll('progress')].map((p) => p.getAttribute('data-status'))).toEqual(['failed', 'done']);
    expect([...container.querySelectorAll('[role="alert"]')].map((p) => p.textContent)).toEqual(['big.png: The file is too large']);
  });

  it('when the admin leaves the page while files upload, then their requests are aborted and nothing more happens', async () => {
    const { choose, unmount } = await openWithUploads();
    await choose(['one.png', 'two.png']);
    await act(async () => FakeXhr.sent[0]!.answer(201, { message: 'upload successful', images: [{ path: '/images/one.png' }] }));
    expect(FakeXhr.sent.map((x) => x.aborted)).toEqual([false, false]);
    await unmount();
    await settle();
    expect(FakeXhr.sent.map((x) => x.aborted)).toEqual([false, true]);
  });
});
