// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, getByRoleName, queryByRoleName, queryByText, settleUntil } from '../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { ToastButton } from '../testing/toast-button.tsx';

setupComponentTests();

describe('toasts', () => {
  it('when the first toast of a page is asked for, then it shows once its look has loaded, with a close button', async () => {
    const { container } = await renderWithApp(<ToastButton />);
    await click(getByRoleName(container, 'button', 'Save'));
    const toast = await settleUntil(() => queryByText(document.body, 'Saved your changes'), 'the first toast');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(getByRoleName(document.body, 'button', 'Close')).toBeTruthy();
  });

  it('when a toast is shown, then it hides by itself after 5000 ms', async () => {
    const { container } = await renderWithApp(<ToastButton />);
    // A first toast, on the real clock, fetches the toasts' chunk: from then on a toast shows on the click itself.
    await click(getByRoleName(container, 'button', 'Save'));
    await settleUntil(() => queryByText(document.body, 'Saved your changes'), 'the first toast');
    await click(getByRoleName(document.body, 'button', 'Close'));
    vi.useFakeTimers();
    await click(getByRoleName(container, 'button', 'Save'));
    expect(queryByText(document.body, 'Saved your changes')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(4999));
    expect(queryByText(document.body, 'Saved your changes')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(queryByText(document.body, 'Saved your changes')).toBeNull();
  });

  it('when its close button is pressed, then the toast goes at once', async () => {
    const { container } = await renderWithApp(<ToastButton />);
    await click(getByRoleName(container, 'button', 'Save'));
    await click(await settleUntil(() => queryByRoleName(document.body, 'button', 'Close'), 'the close button'));
    expect(queryByText(document.body, 'Saved your changes')).toBeNull();
  });
});
