import { SCREEN_UPDATES_PER_SECOND, type SharedScreen } from '#contracts/shared-screen.ts';

export type ScreenRelay = {
  /** A new view of the conversation's screen: passed on now, or, inside the window, folded into the next one. */
  push(conversation: string, screen: SharedScreen): void;
  /** Sharing ended: what waits is dropped and admins are told there is nothing to show. */
  stop(conversation: string): void;
  close(): void;
};

/**
 * Coalesces each conversation's screen updates to at most SCREEN_UPDATES_PER_SECOND: the first
 * goes at once, the ones inside the window after it are folded into the newest, which goes when
 * the window ends. A page that changes quickly costs admins a few updates, never a stale view.
 * Nothing is kept once a conversation's window has passed (decision 022).
 */
export const createScreenRelay = (
  emit: (conversation: string, screen: SharedScreen | null) => void,
  perSecond = SCREEN_UPDATES_PER_SECOND,
): ScreenRelay => {
  const windowMs = Math.ceil(1000 / perSecond);
  const windows = new Map<string, { timer: ReturnType<typeof setTimeout>; waiting: SharedScreen | null }>();
  const open = (conversation: string) => {
    const timer = setTimeout(() => {
      const waiting = windows.get(conversation)?.waiting;
      windows.delete(conversation);
      if (waiting) {
        emit(conversation, waiting);
        open(conversation);
      }
    }, windowMs);
    timer.unref?.();
    windows.set(conversation, { timer, waiting: null });
  };
  return {
    push(conversation, screen) {
      const window = windows.get(conversation);
      if (window) {
        window.waiting = screen;
        return;
      }
      emit(conversation, screen);
      open(conversation);
    },
    stop(conversation) {
      clearTimeout(windows.get(conversation)?.timer);
      windows.delete(conversation);
      emit(conversation, null);
    },
    close() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
};
