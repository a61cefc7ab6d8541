// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '#contracts/user.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { getByRoleName, queryByRoleName, settleUntil } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { Header } from './header.tsx';

// The signed-in menu is a chunk of its own; here it cannot be fetched (offline, or a deploy removed it).
vi.mock('./user-menu.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/user-menu.js');
});

setupComponentTests();

const user: UserInfo = { _id: 'u1', name: 'John', lastName: 'Doe', email: 'john@example.com', isAdmin: false, doNotLogout: true };

describe('header, when the menu cannot load', () => {
  it('when a signed-in shopper opens a page and the menu chunk fails, then their name links to the profile and the cart stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const local = memoryStorage();
    const session = memoryStorage();
    writeUser(local, session, user);
    mockFetch({ 'GET /api/categories': { body: [] } });
    const { container } = await renderWithApp(<Header />, { storages: { local, session } });
    const name = await settleUntil(() => queryByRoleName(container, 'link', 'John'), 'the link with the name');
    expect(name.getAttribute('href')).toBe('/user');
    expect(getByRoleName(container, 'link', /^Cart/)).toBeTruthy();
    expect(queryByRoleName(container, 'button', 'Reload the page')).toBeNull();
  });
});
