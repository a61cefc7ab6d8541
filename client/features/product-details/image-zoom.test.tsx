// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageZoom } from './image-zoom.tsx';

let root: Root | null = null;

const mount = async (image: { path: string; width?: number; height?: number } = { path: '/images/x.png' }) => {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root?.render(<ImageZoom image={image} alt="A laptop" />));
  return host.querySelector<HTMLElement>('[data-zoomed]')!;
};

const pointer = (el: Element, type: string, pointerType: string, clientX = 10, clientY = 10) =>
  act(async () => {
    el.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerType, clientX, clientY }));
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

  it('when a finger drags the zoomed image, then it pans (the picture follows the finger) and stays zoomed', async () => {
    const frame = await mount();
    frame.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 300 });
    await pointer(frame, 'pointerup', 'touch', 200, 150);
    const picture = () => frame.querySelector('img')!;
    expect(picture().style.transformOrigin).toBe('50% 50%');
    expect(frame.style.touchAction).toBe('none');
    await pointer(frame, 'pointerdown', 'touch', 200, 150);
    await pointer(frame, 'pointermove', 'touch', 240, 120);
    await pointer(frame, 'pointerup', 'touch', 240, 120);
    expect(frame.dataset.zoomed).toBe('true');
    expect(picture().style.transformOrigin).toBe('40% 60%');
  });

  it('when a mouse hovers the image, then it zooms and leaving zooms out, as before', async () => {
    const frame = await mount();
    await pointer(frame, 'pointerover', 'mouse');
    expect(frame.dataset.zoomed).toBe('true');
    await pointer(frame, 'pointerout', 'mouse');
    expect(frame.dataset.zoomed).toBe('false');
  });
});

describe('ImageZoom sizes', () => {
  it('when an uploaded photo zooms, then its sources ask for twice the width, so the 1600 px variant comes', async () => {
    const frame = await mount({ path: '/images/abc.jpg', width: 1600, height: 1200 });
    const sizes = () => [...frame.querySelectorAll('source')].map((s) => [s.getAttribute('type'), s.getAttribute('sizes')]);
    expect(sizes()).toEqual([
      ['image/avif', '(min-width: 992px) 50vw, 100vw'],
      ['image/webp', '(min-width: 992px) 50vw, 100vw'],
    ]);
    expect(frame.querySelector('source')?.getAttribute('srcset')).toBe(
      '/images/abc-160.avif 160w, /images/abc-320.avif 320w, /images/abc-640.avif 640w, /images/abc-1024.avif 1024w, /images/abc-1600.avif 1600w',
    );
    await act(async () => frame.focus());
    expect(frame.getAttribute('data-zoomed')).toBe('true');
    expect(sizes().map(([, s]) => s)).toEqual(['(min-width: 992px) 100vw, 200vw', '(min-width: 992px) 100vw, 200vw']);
  });
});
