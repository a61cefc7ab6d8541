import { css } from '@emotion/react';
import { Dot } from '../../ui/badge.tsx';
import { colors, focusRing, space } from '../../ui/theme.ts';

export const PANEL_ID = 'support-chat-panel';
export const LAUNCHER_ID = 'support-chat-launcher';

const launcherStyle = css(
  {
    position: 'fixed',
    right: space(4),
    bottom: space(4),
    zIndex: 1050,
    width: 56,
    height: 56,
    borderRadius: '50%',
    border: 0,
    background: colors.primary,
    color: colors.onPrimary,
    boxShadow: '0 4px 12px rgba(0,0,0,0.3)',
    cursor: 'pointer',
    display: 'grid',
    placeItems: 'center',
    '&:hover': { background: colors.primaryHover },
    '& > [role="img"]': { position: 'absolute', top: 4, right: 4, width: 14, height: 14, border: '2px solid #fff' },
  },
  focusRing,
);

function ChatIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </svg>
  );
}

export type LauncherProps = { open: boolean; unread: boolean; onToggle: () => void };

/** The floating round button; the red dot marks an admin message not yet read. */
export function Launcher({ open, unread, onToggle }: LauncherProps) {
  return (
    <button
      type="button"
      id={LAUNCHER_ID}
      css={launcherStyle}
      aria-expanded={open}
      aria-controls={open ? PANEL_ID : undefined}
      aria-label={open ? 'Close support chat' : 'Open support chat'}
      onClick={onToggle}
    >
      <ChatIcon />
      {unread ? <Dot label="Unread message from support" /> : null}
    </button>
  );
}
