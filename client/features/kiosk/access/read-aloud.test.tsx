// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDollars } from '../../../ui/money.ts';
import { useReadAloud } from './read-aloud.ts';
import { browserSpeech, type Speech } from './speech.ts';

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

/**
 * A window whose speech synthesis keeps a queue as the browser's does: `speak` queues, `cancel`
 * cuts off what is being said and drops the queue, `end()` finishes the utterance being said.
 */
const synthesiser = () => {
  class Utterance extends EventTarget {
    volume = 1;
    lang = '';
    constructor(readonly text: string) {
      super();
    }
  }
  const queue: Utterance[] = [];
  const heard: string[] = [];
  const cut: string[] = [];
  const synth = {
    get speaking() {
      return queue.length > 0;
    },
    pending: false,
    speak: (u: Utterance) => void queue.push(u),
    cancel: () => void cut.push(...queue.splice(0).map((u) => u.text)),
    getVoices: () => [{}],
  };
  /** The utterance being said is heard to its end; the next in the queue starts. */
  const end = () => {
    const done = queue.shift();
    if (!done) return;
    heard.push(done.text);
    done.dispatchEvent(new Event('end'));
  };
  const win = { speechSynthesis: synth, SpeechSynthesisUtterance: Utterance } as unknown as Window;
  return { speech: browserSpeech(win), heard, cut, end, saying: () => queue[0]?.text };
};

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

  it('when a page arrives and its first focus and announcement follow while its heading is said, then the heading is heard whole and the newest of them after it', async () => {
    document.head.innerHTML = '<title>Statefront</title>';
    document.body.innerHTML = `<main><h1>Books</h1><a href="/p" id="p">Brass desk lamp</a><button id="add">Add to cart</button>
      <div role="status" id="status"></div></main><div id="app"></div>`;
    const voice = synthesiser();
    const root = createRoot(document.getElementById('app')!);
    await act(async () => root.render(<Reader speech={voice.speech} />));

    document.title = 'Books | Statefront';
    await settle();
    expect(voice.saying()).toBe('Books, heading, level 1');
    // The page's own focus and a live region, with no key or touch from the shopper in between.
    document.getElementById('p')!.focus();
    document.getElementById('status')!.textContent = '12 products';
    await settle();
    expect(voice.cut, 'nothing cuts the heading off').toEqual([]);
    voice.end();
    expect(voice.saying(), 'the newest waited for the heading').toBe('12 products');
    voice.end();
    // Past the arrival, the next thing said cuts off the last, as ever.
    document.getElementById('add')!.focus();
    document.getElementById('p')!.focus();
    await settle();
    voice.end();
    expect(voice.heard).toEqual(['Books, heading, level 1', '12 products', 'Brass desk lamp, link']);
    expect(voice.cut).toEqual(['Add to cart, button']);
    await act(async () => root.unmount());
  });
});
