// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KioskTouch } from './kiosk-touch.tsx';

/** A controlled search box as the shop's forms have them: what React holds is echoed below. */
function ControlledField() {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="q">Search products</label>
      <input id="q" type="search" value={value} onChange={(e) => setValue(e.target.value)} />
      <output>{`typed: ${value}`}</output>
    </form>
  );
}

let root: Root | null = null;
let host: HTMLElement;

const mount = async (withTouch = true) => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <>
        {withTouch ? <KioskTouch /> : null}
        <ControlledField />
        <a href="https://elsewhere.example/deal">Partner deal</a>
        <a href="/cart">Cart</a>
        <a href="/manual.pdf" download>
          Manual
        </a>
        <a href="/cart" target="_blank">
          Cart in a new window
        </a>
      </>,
    ),
  );
};

const link = (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === text)!;

/** Clicks as a user does and answers whether anything further down the page saw the click. */
const clickReaches = (el: Element) => {
  const seen = vi.fn((e: Event) => e.preventDefault()); // jsdom does not navigate: keep it from trying
  host.addEventListener('click', seen);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  host.removeEventListener('click', seen);
  return seen.mock.calls.length > 0;
};

/** A tap on an on-screen key, as simple-keyboard listens for it. */
const tapKey = async (key: string) => {
  const button = document.querySelector(`.hg-button[data-skbtn="${key}"]`);
  if (!button) throw new Error(`no key ${key}`);
  await act(async () => {
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, cancelable: true }));
    button.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, cancelable: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
};

const keyboardShown = () => document.querySelector('[aria-label="On-screen keyboard"]') !== null;
const waitForKeyboard = () =>
  vi.waitFor(() => expect(document.querySelector('.hg-button[data-skbtn="a"]')).not.toBeNull(), { timeout: 5000 });

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('KioskTouch', () => {
  it('when a long press asks for the context menu, then it is refused; without kiosk mode it is not', async () => {
    await mount();
    const text = document.body.appendChild(document.createElement('p'));
    const menu = () => text.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    expect(menu()).toBe(false);
    await act(async () => root?.unmount());
    root = null;
    expect(menu()).toBe(true);
  });

  it('when a link to another site, a download or a new window is tapped, then it is refused; a link inside the shop goes through', async () => {
    await mount();
    expect(clickReaches(link('Partner deal'))).toBe(false);
    expect(clickReaches(link('Manual'))).toBe(false);
    expect(clickReaches(link('Cart in a new window'))).toBe(false);
    expect(clickReaches(link('Cart'))).toBe(true);
  });

  it('when a shop link is ctrl-clicked (a new tab), then it is refused', async () => {
    await mount();
    const seen = vi.fn((e: Event) => e.preventDefault());
    host.addEventListener('click', seen);
    link('Cart').dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        ctrlKey: true,
      }),
    );
    expect(seen).not.toHaveBeenCalled();
  });

  it('when a page asks for a new window, then none opens while kiosk mode is on, and the shop gets window.open back after', async () => {
    const original = window.open;
    await mount();
    expect(window.open('/cart')).toBeNull();
    expect(window.open).not.toBe(original);
    await act(async () => root?.unmount());
    root = null;
    expect(window.open).toBe(original);
  });

  it('when the rules are on, then the page gets touch-action zoom control, no selection and the 64 px minimum and 25 px root font, and outside links are hidden', async () => {
    await mount();
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/touch-action:\s*pan-x pan-y/);
    expect(css).toMatch(/user-select:\s*none/);
    expect(css).toMatch(/min-height:\s*64px/);
    expect(css).toContain('a[href^="https:"]:not([href^="http://localhost:3000/"])');
    expect(document.querySelector('meta[name="viewport"][content*="user-scalable"]')).toBeNull();
  });

  it('when a text field gets focus, then the keyboard opens and its keys type into the controlled field; Delete and Close keyboard work', async () => {
    await mount();
    const input = document.querySelector<HTMLInputElement>('#q')!;
    await act(async () => input.focus());
    await waitForKeyboard();
    for (const key of ['b', 'o', 'o', 'k', '{space}', '{shift}', 'X', 'y', '{bksp}']) await tapKey(key);
    expect(document.querySelector('output')?.textContent).toBe('typed: book X');
    expect(input.value).toBe('book X');
    expect(document.activeElement).toBe(input);

    const close = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Close keyboard')!;
    await act(async () => close.click());
    expect(keyboardShown()).toBe(false);
  });

  it('when focus leaves the text field for a link, then the keyboard closes', async () => {
    await mount();
    await act(async () => document.querySelector<HTMLInputElement>('#q')!.focus());
    await waitForKeyboard();
    await act(async () => link('Cart').focus());
    await vi.waitFor(() => expect(keyboardShown()).toBe(false));
  });

  it('when assistive technology looks at the keyboard, then its keys are buttons with names, and one the arrows reached types with Enter and keeps the keyboard', async () => {
    await mount();
    const input = document.querySelector<HTMLInputElement>('#q')!;
    await act(async () => input.focus());
    await waitForKeyboard();
    const key = (name: string) =>
      [...document.querySelectorAll('[aria-label="On-screen keyboard"] button')].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
      ) as HTMLButtonElement | undefined;
    for (const name of ['q', 'Shift', 'Space', 'Enter', 'Delete']) expect(key(name), name).toBeInstanceOf(HTMLButtonElement);
    const q = key('q')!;
    await act(async () => q.focus());
    await act(async () => void q.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(input.value).toBe('q');
    expect(keyboardShown()).toBe(true);
  });
});
