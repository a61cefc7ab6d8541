// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { click, getByRoleName, queryByText, settleUntil } from '../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { ToastButton } from '../testing/toast-button.tsx';

// The toasts' look is a chunk of its own; here it cannot be fetched.
vi.mock('../ui/toast-stack.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/toast-stack.js');
});

setupComponentTests();

describe('toasts, when their look cannot load', () => {
  it('when a toast is shown and its chunk fails, then the message still shows, as a status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = await renderWithApp(<ToastButton />);
    await click(getByRoleName(container, 'button', 'Save'));
    const message = await settleUntil(() => queryByText(document.body, 'Saved your changes'), 'the message');
    expect(message.closest('[role="status"]')).not.toBeNull();
  });
});
