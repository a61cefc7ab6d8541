// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageZoom } from './image-zoom.tsx';

let root: Root | null = null;

const mount = async () => {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root?.render(<ImageZoom src="/images/x.png" alt="A laptop" />));
  return host.querySelector<HTMLElement>('[data-zoomed]')!;
};

const pointer = (el: Element, type: string, pointerType: string) =>
  act(async () => {
    el.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerType, clientX: 10, clientY: 10 }));
  });

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

describe('ImageZoom on a touch screen', () => {
  it('when a finger taps the image, then it zooms, and a second tap zooms out (hover is not the only way)', async () => {
    const frame = await mount();
    expect(frame.dataset.zoomed).toBe('false');
    await pointer(frame, 'pointerup', 'touch');
    expect(frame.dataset.zoomed).toBe('true');
    await pointer(frame, 'pointerup', 'touch');
    expect(frame.dataset.zoomed).toBe('false');
  });

  it('when a mouse hovers the image, then it zooms and leaving zooms out, as before', async () => {
    const frame = await mount();
    await pointer(frame, 'pointerover', 'mouse');
    expect(frame.dataset.zoomed).toBe('true');
    await pointer(frame, 'pointerout', 'mouse');
    expect(frame.dataset.zoomed).toBe('false');
  });
});
