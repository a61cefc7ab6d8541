// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { IdleWarning } from './kiosk-screens.tsx';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** What the idle warning's live region announces with `remaining` seconds left. */
const announced = async (remaining: number) => {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(<IdleWarning remaining={remaining} onContinue={() => undefined} />));
  const text = host.querySelector('[role="status"]')?.textContent;
  await act(async () => root.unmount());
  host.remove();
  return text;
};

describe('the kiosk idle warning', () => {
  it('when its last seconds are announced, then one is said as a second, more as seconds', async () => {
    expect(await announced(2)).toBe('The screen starts over for the next shopper in 2 seconds.');
    expect(await announced(1)).toBe('The screen starts over for the next shopper in 1 second.');
  });
});
