// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_ACCESS_HASH } from '../early-touch.ts';
import { AccessControls, ServerAccessButton } from './access-controls.tsx';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/kiosk');
});

describe('the Accessibility button before and after the kiosk is interactive', () => {
  it('when the server’s button was touched before the scripts ran, then the panel opens once they run and the address forgets the touch', async () => {
    // The server's button: a link that keeps the touch in the address.
    document.body.innerHTML = renderToStaticMarkup(<ServerAccessButton />);
    const link = document.querySelector('a[role="button"]');
    expect([link?.getAttribute('href'), link?.textContent]).toEqual([EARLY_ACCESS_HASH, 'Accessibility']);
    window.history.replaceState(null, '', `/kiosk${EARLY_ACCESS_HASH}`);

    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<AccessControls hasVoice={() => true} />));

    const panel = document.querySelector('dialog');
    expect(panel?.open).toBe(true);
    expect([...(panel?.querySelectorAll('[role="switch"]') ?? [])].map((s) => s.textContent)).toEqual([
      'Read aloudOff',
      'Larger textOff',
      'High contrastOff',
      'Lower layoutOff',
    ]);
    expect(window.location.hash).toBe('');
    await act(async () => root.unmount());
  });

  it('when nothing was touched early, then the panel stays closed until the button is pressed', async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<AccessControls hasVoice={() => true} />));
    expect(document.querySelector('dialog')?.open).toBe(false);
    await act(async () => (document.querySelector('button[aria-haspopup="dialog"]') as HTMLButtonElement).click());
    expect(document.querySelector('dialog')?.open).toBe(true);
    await act(async () => root.unmount());
  });
});
