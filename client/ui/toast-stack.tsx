import { css } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { AlertTone } from './alert.tsx';
import { chatButtonClearance, colors, focusRing, media, radius, space } from './theme.ts';

/** Spec section 9: toasts hide after 5000 ms. */
export const TOAST_AUTO_HIDE_MS = 5000;

export type ToastEntry = { id: number; message: ReactNode; tone: AlertTone };

const toastStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space(3),
  minWidth: 260,
  maxWidth: 380,
  padding: `${space(3)} ${space(4)}`,
  borderRadius: radius,
  background: colors.navbar,
  color: colors.onNavbar,
  boxShadow: '0 4px 16px rgba(0,0,0,0.25)',
  borderLeft: '4px solid',
});
const toneColor: Record<AlertTone, string> = { danger: '#f87171', success: '#4ade80', info: '#93c5fd', warning: '#fbbf24' };
const closeStyle = css(
  { marginLeft: 'auto', background: 'transparent', border: 0, color: 'inherit', fontSize: '1.25rem', lineHeight: 1, cursor: 'pointer' },
  focusRing,
);

export type ToastProps = {
  children: ReactNode;
  tone?: AlertTone;
  /** null keeps the toast until closed. */
  autoHideMs?: number | null;
  onClose: () => void;
  closeLabel?: string;
};

/** One toast; it closes itself after `autoHideMs`, and its close button closes it at once. */
export function Toast({ children, tone = 'info', autoHideMs = TOAST_AUTO_HIDE_MS, onClose, closeLabel = 'Close' }: ToastProps) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (autoHideMs === null) return;
    const timer = setTimeout(() => close.current(), autoHideMs);
    return () => clearTimeout(timer);
  }, [autoHideMs]);
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} css={[toastStyle, { borderLeftColor: toneColor[tone] }]}>
      <div>{children}</div>
      <button type="button" css={closeStyle} aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

const regionStyle = css({
  position: 'fixed',
  zIndex: 1100,
  right: space(3),
  // above the floating chat button's corner, so a toast never hides it
  bottom: chatButtonClearance,
  left: space(3),
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: space(2),
  pointerEvents: 'none',
  '& > *': { pointerEvents: 'auto' },
  [media.lg]: { left: 'auto' },
});

/** The page's toasts, newest last, in the corner above the chat button. */
export function ToastStack({ entries, remove }: { entries: readonly ToastEntry[]; remove: (id: number) => void }) {
  return (
    <div css={regionStyle}>
      {entries.map((e) => (
        <Toast key={e.id} tone={e.tone} onClose={() => remove(e.id)}>
          {e.message}
        </Toast>
      ))}
    </div>
  );
}
