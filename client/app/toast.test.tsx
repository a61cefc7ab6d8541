// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, getByRoleName, queryByText } from './testing/dom.ts';
import { renderWithApp, setupComponentTests } from './testing/render.tsx';
import { useToast } from '../ui/toast.tsx';

setupComponentTests();

function Shouter() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Saved your changes', 'success')}>
      Save
    </button>
  );
}

describe('toasts', () => {
  it('when a toast is shown, then it hides by itself after 5000 ms', async () => {
    vi.useFakeTimers();
    const { container } = await renderWithApp(<Shouter />);
    await click(getByRoleName(container, 'button', 'Save'));
    expect(queryByText(document.body, 'Saved your changes')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(4999));
    expect(queryByText(document.body, 'Saved your changes')).not.toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(queryByText(document.body, 'Saved your changes')).toBeNull();
  });

  it('when its close button is pressed, then the toast goes at once', async () => {
    const { container } = await renderWithApp(<Shouter />);
    await click(getByRoleName(container, 'button', 'Save'));
    await click(getByRoleName(document.body, 'button', 'Close'));
    expect(queryByText(document.body, 'Saved your changes')).toBeNull();
  });
});
