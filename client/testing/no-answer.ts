import { expect } from 'vitest';
import { click, getByRoleName, settle } from './dom.ts';
import type { MockRoute } from './fetch-mock.ts';

/**
 * A route that answers `ok` while the shop is up, and gets no answer while it is down (the
 * TypeError fetch throws offline or when the BFF is unreachable): a screen's failed call, then its retry.
 */
export function noAnswerWhileDown(ok: MockRoute, { up = false } = {}) {
  const shop = { up };
  const route: MockRoute = (req) =>
    shop.up ? (typeof ok === 'function' ? ok(req) : ok) : Promise.reject(new TypeError('Failed to fetch'));
  return { route, shop };
}

/**
 * What an admin screen whose call got no answer must show: why, as an alert a screen reader
 * hears at once, and no endless skeleton. Then Try again, with the shop back, clears it.
 */
export async function expectNoAnswerThenRetry(container: HTMLElement, shop: { up: boolean }) {
  expect(container.querySelector('[role="alert"]')?.textContent).toContain('The shop could not be reached');
  expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  shop.up = true;
  await click(getByRoleName(container, 'button', 'Try again'));
  await settle(10);
  expect(container.querySelector('[role="alert"]')).toBeNull();
}
