// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { KioskSummary } from '#contracts/kiosk-fleet-rules.ts';
import { adminStorages } from '../../../testing/admin.ts';
import { click, getByRoleName, settle } from '../../../testing/dom.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminKiosksPage } from './kiosks-page.tsx';

setupComponentTests();

const till: KioskSummary = {
  name: 'Till 1',
  status: 'online',
  state: 'attract',
  stateSince: '2026-11-29T10:00:00.000Z',
  lastSeenAt: '2026-11-29T10:00:20.000Z',
};

const render = () => renderWithApp(<AdminKiosksPage />, { route: '/admin/kiosks', storages: adminStorages() });

describe('the admin’s kiosks page', () => {
  it('when the fleet’s call gets no answer, then the admin sees why with Try again, not an endless skeleton; Try again shows the kiosks', async () => {
    let answered = false;
    const calls = mockFetch({
      'GET /api/admin/kiosks': () => (answered ? { body: [till] } : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const view = await render();
    await settle(10);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('The shop could not be reached');
    expect(view.container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(calls.map((c) => c.url)).not.toContain('/api/logout');
    answered = true;
    await click(getByRoleName(view.container, 'button', 'Try again'));
    await settle(10);
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    expect(view.container.querySelector('tbody tr')?.textContent).toMatch(/Till 1.*Online/);
  });

  it('when the admin forgets a kiosk and says Yes, then its name is freed on the server and the list is asked again', async () => {
    const calls = mockFetch({
      'GET /api/admin/kiosks': { body: [till] },
      'DELETE /api/admin/kiosks/Till%201': { status: 204 },
    });
    const view = await render();
    await settle(10);
    await click(getByRoleName(view.container, 'button', 'Forget: Till 1'));
    await click(getByRoleName(document.body, 'button', 'Yes'));
    await settle(10);
    const made = calls.map((c) => `${c.method} ${c.url}`);
    expect(made).toContain('DELETE /api/admin/kiosks/Till%201');
    expect(made.filter((c) => c === 'GET /api/admin/kiosks')).toHaveLength(2);
  });
});
