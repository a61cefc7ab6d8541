// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sdkScript } from './sdk-script.ts';

type WalletButtons = { render: (el: HTMLElement) => Promise<void> };
type Sdk = { Buttons: (options: Record<string, unknown>) => WalletButtons };

/**
 * Whether a person sees the element, with the browser's cascade: an inline display beats the
 * user-agent rule `[hidden] { display: none }` (happy-dom applies neither by itself).
 */
const isShown = (node: HTMLElement | null): boolean => {
  for (let el = node; el; el = el.parentElement) {
    if (el.style.display === 'none' || (el.hidden && !el.style.display)) return false;
  }
  return true;
};

const button = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function renderWallet(createOrder = () => Promise.resolve('WALLET-1')) {
  new Function(sdkScript('/wallet-simulator'))();
  const paypal = (window as unknown as { paypal: Sdk }).paypal;
  const onApprove = vi.fn();
  const host = document.createElement('div');
  document.body.append(host);
  await paypal.Buttons({ createOrder, onApprove }).render(host);
  return { host, onApprove };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the simulated wallet buttons', () => {
  it('when the wallet is drawn, then only Test wallet shows, not Approve, Decline or Cancel', async () => {
    const { host } = await renderWallet();
    expect(isShown(button(host, 'Test wallet'))).toBe(true);
    for (const text of ['Approve payment', 'Decline payment', 'Cancel']) expect(isShown(button(host, text))).toBe(false);
  });

  it('when Test wallet has created the wallet order, then Approve shows and approves that order', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const { host, onApprove } = await renderWallet();
    button(host, 'Test wallet').click();
    await flush();
    expect(isShown(button(host, 'Test wallet'))).toBe(false);
    expect(isShown(button(host, 'Approve payment'))).toBe(true);
    button(host, 'Approve payment').click();
    await flush();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/wallet-simulator\/control\/orders\/WALLET-1$/);
    expect(onApprove).toHaveBeenCalledWith(expect.objectContaining({ orderID: 'WALLET-1' }), expect.anything());
    expect(isShown(button(host, 'Approve payment'))).toBe(false);
  });
});
