// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDollars } from '../../../ui/money.ts';
import { useReadAloud } from './read-aloud.ts';
import type { Speech } from './speech.ts';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** A speech port that keeps what it was asked to say. */
const recorder = () => {
  const said: string[] = [];
  const speech: Speech = { say: (text) => void said.push(text), stop: () => undefined, hasVoice: () => true };
  return { said, speech };
};

function Reader({ speech }: { speech: Speech }) {
  useReadAloud(true, speech, 1);
  return null;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Read aloud on a kiosk page', () => {
  it('when the cart bar announces its total and a price is focused, then both are said as money', async () => {
    document.body.innerHTML = `<div aria-live="polite" id="bar"></div><a href="/p" id="p">Brass desk lamp, ${formatDollars(649)}</a><div id="app"></div>`;
    const { said, speech } = recorder();
    const root = createRoot(document.getElementById('app')!);
    await act(async () => root.render(<Reader speech={speech} />));

    document.getElementById('bar')!.textContent = `Cart total: ${formatDollars(1298.5)}`;
    await settle();
    document.getElementById('p')!.focus();
    await settle();

    expect(said).toEqual(['Cart total: 1,298 dollars and 50 cents', 'Brass desk lamp, 649 dollars, link']);
    await act(async () => root.unmount());
  });

  it('when focus enters the idle warning, then its name, role and seconds are said before its button, and moving within it says the control alone', async () => {
    document.body.innerHTML = `<a href="/p" id="page">Books</a>
      <div role="alertdialog" aria-labelledby="h" aria-describedby="t"><h2 id="h">Do you still need time?</h2>
      <p id="t">The screen starts over for the next shopper in 20 s.</p><button id="more">Yes, I need more time</button><button id="other">Done</button></div>
      <div id="app"></div>`;
    const { said, speech } = recorder();
    const root = createRoot(document.getElementById('app')!);
    await act(async () => root.render(<Reader speech={speech} />));

    document.getElementById('page')!.focus();
    document.getElementById('more')!.focus();
    document.getElementById('other')!.focus();
    await settle();

    expect(said).toEqual([
      'Books, link',
      'Do you still need time?, alert dialog, The screen starts over for the next shopper in 20 s. Yes, I need more time, button',
      'Done, button',
    ]);
    await act(async () => root.unmount());
  });
});
