// @vitest-environment happy-dom
import { act } from 'react';
import { Link } from '../../../ui/link.tsx';
import { describe, expect, it, vi } from 'vitest';
import { PIN_PAD_HOLD_MS } from '#machines/kiosk/pin-pad.machine.ts';
import { click, getByRoleName, queryByText, settle, settleUntil } from '../../../testing/dom.ts';
import { type MockRoute, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { LOOPBACK_NOTE } from '../../../lib/phone-origin.ts';
import { KioskModeContext } from '../kiosk-mode.ts';
import { KioskExitPress } from './kiosk-exit.tsx';

setupComponentTests();

const HOLD_MS = 40;

const fire = async (target: Element, event: Event) => {
  await act(async () => {
    target.dispatchEvent(event);
  });
};
const pointer = (type: string) =>
  new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    button: 0,
    pointerId: 1,
  });
const key = (type: 'keydown' | 'keyup', name: string, repeat = false) =>
  new KeyboardEvent(type, {
    key: name,
    bubbles: true,
    cancelable: true,
    repeat,
  });
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** Runs `steps` with the pad's timers on a fake clock that `passes(ms)` moves; settle() needs the real one back after. */
const onFakeClock = async (steps: (passes: (ms: number) => Promise<void>) => Promise<void>) => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await steps((ms) => act(async () => void vi.advanceTimersByTime(ms)));
  } finally {
    vi.useRealTimers();
  }
};

async function renderLogo({
  active = true,
  post,
  pinSet = true,
  holdMs = HOLD_MS,
  reportProblem,
}: {
  active?: boolean;
  post?: MockRoute;
  pinSet?: boolean;
  holdMs?: number | null;
  reportProblem?: () => void;
} = {}) {
  const leave = vi.fn();
  const calls = mockFetch({
    'GET /api/kiosk/unlock': { body: { pinSet } },
    'POST /api/kiosk/unlock': post ?? { body: { left: true } },
  });
  const view = await renderWithApp(
    <KioskModeContext.Provider
      value={{
        active,
        leave,
        handoffShown: () => {},
        handoffHidden: () => {},
        ...(holdMs === null ? {} : { exitHoldMs: holdMs }),
        ...(reportProblem ? { reportProblem } : {}),
      }}
    >
      <KioskExitPress>
        <Link to="/">Statefront</Link>
      </KioskExitPress>
    </KioskModeContext.Provider>,
    { route: '/product-list' },
  );
  // The pad's code is its own chunk: let it arrive.
  for (let i = 0; active && !document.querySelector('dialog') && i < 100; i += 1) await wait(20);
  const logo = getByRoleName(view.container, 'link', 'Statefront');
  const dialog = () => document.querySelector('dialog')!;
  const opened = () => settleUntil(() => dialog().open || null, 'the PIN pad');
  /** Holds the logo until the pad opens, then lets go. */
  const hold = async () => {
    await fire(logo, pointer('pointerdown'));
    await opened();
    await fire(logo, pointer('pointerup'));
    await click(logo);
    await settle();
  };
  const tap = async (...names: string[]) => {
    for (const name of names) await click(getByRoleName(dialog(), 'button', name));
    await settle();
  };
  const status = () => dialog().querySelector('[role="status"]')?.textContent;
  const alertText = () => dialog().querySelector('[role="alert"]')?.textContent;
  return {
    ...view,
    leave,
    calls,
    logo,
    dialog,
    opened,
    hold,
    tap,
    status,
    alertText,
  };
}

describe('leaving kiosk mode: the press on the logo', () => {
  it('when the logo is clicked briefly, then it follows its link and no PIN pad opens, however long it is left after', async () => {
    const { logo, dialog, path, calls } = await renderLogo();
    await onFakeClock(async (passes) => {
      await fire(logo, pointer('pointerdown'));
      await fire(logo, pointer('pointerup'));
      await click(logo);
      await passes(HOLD_MS * 10);
    });
    await settle();
    expect(path()).toBe('/');
    expect(dialog().open).toBe(false);
    expect(calls).toEqual([]);
  });

  it('when the logo is held 5 s, then a modal PIN pad labelled "Leave kiosk mode" opens, and the click that ends the press stays on the page', async () => {
    const { logo, dialog, path } = await renderLogo({ holdMs: null });
    await onFakeClock(async (passes) => {
      await fire(logo, pointer('pointerdown'));
      await passes(PIN_PAD_HOLD_MS - 1);
      expect(dialog().open).toBe(false);
      await passes(1);
    });
    await fire(logo, pointer('pointerup'));
    await click(logo);
    await settle();
    expect(dialog().open).toBe(true);
    const title = document.getElementById(dialog().getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Leave kiosk mode');
    expect(path()).toBe('/product-list');
    // Every key of the pad is a touch target of 44 × 44 px or more.
    for (const button of dialog().querySelectorAll('button')) {
      const style = getComputedStyle(button);
      expect(Number.parseFloat(style.minWidth), button.textContent ?? '').toBeGreaterThanOrEqual(44);
      expect(Number.parseFloat(style.minHeight), button.textContent ?? '').toBeGreaterThanOrEqual(44);
    }
  });

  it('when the kiosk holds for 2 s (KIOSK_EXIT_HOLD_SECONDS=2), then the PIN pad opens after 2 s of pressing, not before', async () => {
    const { logo, dialog } = await renderLogo({ holdMs: 2_000 });
    await onFakeClock(async (passes) => {
      await fire(logo, pointer('pointerdown'));
      await passes(1_999);
      expect(dialog().open).toBe(false);
      await passes(1);
    });
    await settle();
    expect(dialog().open).toBe(true);
  });

  it('when Enter is held on the focused logo, then the PIN pad opens too, and repeats of the held key type nothing', async () => {
    const { logo, dialog, opened, status } = await renderLogo();
    await fire(logo, key('keydown', 'Enter'));
    await opened();
    // Focus starts on the dots, not on a key the held Enter would press.
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.tagName).not.toBe('BUTTON');
    await fire(document.activeElement ?? dialog(), key('keydown', 'Enter', true));
    await fire(document.activeElement ?? dialog(), key('keydown', '7', true));
    await fire(logo, key('keyup', 'Enter'));
    expect(status()).toBe('PIN: 0 digits entered');
  });

  it('when kiosk mode is off, then holding the logo opens nothing', async () => {
    const { logo, calls } = await renderLogo({ active: false });
    await onFakeClock(async (passes) => {
      await fire(logo, pointer('pointerdown'));
      await passes(PIN_PAD_HOLD_MS);
      await fire(logo, pointer('pointerup'));
    });
    await settle();
    expect(document.querySelector('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('leaving kiosk mode: the PIN pad', () => {
  it('when digits are tapped, then they show as dots with a count for screen readers, and the right PIN leaves kiosk mode', async () => {
    const { hold, tap, dialog, status, calls, leave } = await renderLogo();
    await hold();
    await tap('4', '8', '2');
    expect(status()).toBe('PIN: 3 digits entered');
    expect(dialog().textContent).toContain('●●●');
    expect(dialog().textContent).not.toContain('482');
    // The test page's origin is this machine's, so the QR links would be too: staff are told here, never shoppers.
    expect(window.location.hostname).toBe('localhost');
    expect(dialog().textContent).toContain(LOOPBACK_NOTE);
    expect((getByRoleName(dialog(), 'button', 'OK') as HTMLButtonElement).disabled).toBe(true);
    await tap('9', 'Delete', '1', 'OK');
    const check = calls.find((c) => c.method === 'POST');
    expect(check?.body).toEqual({ pin: '4821' });
    expect(check?.headers['X-CSRF']).toBe('1');
    expect(leave).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
  });

  it('when a wrong PIN is sent, then the pad says so and clears the dots; after the fifth it shows the lock and its keys do nothing', async () => {
    let tries = 0;
    const post: MockRoute = () => {
      tries += 1;
      return tries < 5
        ? {
            status: 403,
            body: {
              message: `Wrong PIN. ${5 - tries} tries left.`,
              field: 'pin',
            },
          }
        : {
            status: 429,
            body: { message: 'Too many wrong PINs. Try again in 5 minutes.' },
          };
    };
    const { hold, tap, dialog, status, alertText, calls, leave } = await renderLogo({ post });
    await hold();
    await tap('1', '1', '1', '1', 'OK');
    expect(alertText()).toBe('Wrong PIN. 4 tries left.');
    expect(status()).toBe('PIN: 0 digits entered');
    for (let i = 0; i < 4; i += 1) await tap('1', '1', '1', '1', 'OK');
    expect(alertText()).toBe('Too many wrong PINs. Try again in 5 minutes.');
    expect((getByRoleName(dialog(), 'button', '1') as HTMLButtonElement).disabled).toBe(true);
    await tap('1');
    expect(status()).toBe('PIN: 0 digits entered');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(5);
    expect(leave).not.toHaveBeenCalled();
  });

  it('when staff press Report a problem on the pad and enter the right PIN, then the report opens and the kiosk stays; a wrong PIN opens nothing', async () => {
    let tries = 0;
    const post: MockRoute = () =>
      (tries += 1) === 1 ? { status: 403, body: { message: 'Wrong PIN. 4 tries left.', field: 'pin' } } : { body: { left: true } };
    const reportProblem = vi.fn();
    const { hold, tap, dialog, leave } = await renderLogo({ post, reportProblem });
    await hold();
    await tap('Report a problem');
    expect(dialog().querySelector('h2')?.textContent).toBe('Report a problem');
    await tap('1', '1', '1', '1', 'OK');
    expect(reportProblem).not.toHaveBeenCalled();
    await tap('4', '8', '2', '1', 'OK');
    expect(reportProblem).toHaveBeenCalledTimes(1);
    expect(leave).not.toHaveBeenCalled();
    // The next time the pad opens it is for leaving again.
    await hold();
    expect(dialog().querySelector('h2')?.textContent).toBe('Leave kiosk mode');
  });

  it('when no PIN is set, then the pad says the kiosk cannot be left from the screen and sends no check', async () => {
    const { hold, dialog, calls } = await renderLogo({ pinSet: false });
    await hold();
    expect(queryByText(dialog(), 'This kiosk cannot be left from the screen.')).toBeTruthy();
    expect(dialog().querySelectorAll('button')).toHaveLength(1);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('when Escape or Cancel is pressed, then the pad closes and the digits typed are forgotten', async () => {
    const { hold, tap, dialog, status, leave } = await renderLogo();
    await hold();
    await tap('5', '5');
    await fire(dialog(), new Event('cancel', { cancelable: true }));
    expect(dialog().open).toBe(false);
    await hold();
    expect(status()).toBe('PIN: 0 digits entered');
    await tap('Cancel');
    expect(dialog().open).toBe(false);
    expect(leave).not.toHaveBeenCalled();
  });
});
