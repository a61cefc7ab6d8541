// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { writeUser } from '#machines/auth/user-storage.ts';
import { totalsOf, writeCart } from '#machines/cart/cart-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { useCartItemsCount, useUserInfo } from '../lib/hooks.ts';
import { api } from '../lib/api.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { mockFetch } from '../testing/fetch-mock.ts';

setupComponentTests();

function Probe() {
  const user = useUserInfo();
  const count = useCartItemsCount();
  return <p>{`${user ? user.name : 'guest'}:${count}`}</p>;
}

const ann = { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false, doNotLogout: true };
const storageEvent = (key: string | null) => act(async () => void window.dispatchEvent(new StorageEvent('storage', { key })));

describe('app-wide session effects', () => {
  it('when another tab changes the cart, then this tab shows the new count', async () => {
    const local = memoryStorage();
    const { container } = await renderWithApp(<Probe />, { storages: { local, session: memoryStorage() } });
    expect(container.textContent).toBe('guest:0');
    writeCart(local, totalsOf([{ productID: 'p1', name: 'P', price: 2, count: 5, quantity: 3 }]));
    await storageEvent('cart');
    expect(container.textContent).toBe('guest:3');
  });

  it('when another tab logs in or out, then this tab follows', async () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const { container } = await renderWithApp(<Probe />, { storages: { local, session } });
    writeUser(local, session, ann);
    await storageEvent('userInfo');
    expect(container.textContent).toBe('Ann:0');
    local.removeItem('userInfo');
    await storageEvent(null);
    expect(container.textContent).toBe('guest:0');
  });

  it('when any call answers 401 while logged in, then the user is logged out locally', async () => {
    const local = memoryStorage();
    const session = memoryStorage();
    writeUser(local, session, ann);
    mockFetch({ 'GET /api/orders': { status: 401, body: { message: 'Your session has ended, please log in again' } } });
    const { container } = await renderWithApp(<Probe />, { storages: { local, session } });
    expect(container.textContent).toBe('Ann:0');
    await act(async () => {
      await api.get('/api/orders').catch(() => undefined);
    });
    expect(container.textContent).toBe('guest:0');
    expect(local.getItem('userInfo')).toBeNull();
  });
});
