import { css, Global } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { ACCESS_SWITCHES } from '#machines/kiosk/access.ts';
import { useModalDialog } from '../../../ui/use-modal-dialog.ts';
import { EARLY_ACCESS_HASH, takeEarlyTouch } from '../early-touch.ts';
import { colors, focusRing, radius, space } from '../../../ui/theme.ts';
import { LOWER_LAYOUT_ATTRIBUTE } from '../touch/touch-rules.ts';
import { accessCss } from './access-styles.ts';
import { ACCESS_TEXTS } from './access-texts.ts';
import { useKioskAccess } from './access-context.ts';

/** Where the button sits: low on the left, above the cart bar (and the on-screen keyboard while it is open). */
export const ACCESS_BUTTON_BOTTOM = 'calc(var(--kiosk-keyboard-height, 0px) + 128px)';
/** The room the page keeps at its foot for the button, besides the cart bar's. */
export const ACCESS_BUTTON_ROOM_PX = 112;

const big = css(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: space(3),
    minHeight: 88,
    padding: `${space(3)} ${space(6)}`,
    border: `3px solid ${colors.onNavbar}`,
    borderRadius: radius,
    background: colors.info,
    color: colors.onPrimary,
    font: 'inherit',
    fontSize: '1.5rem',
    fontWeight: 700,
    cursor: 'pointer',
  },
  focusRing,
);
const floating = css({
  position: 'fixed',
  left: space(6),
  bottom: ACCESS_BUTTON_BOTTOM,
  zIndex: 3500,
  // Lower layout on a landscape screen: over the keyboard docked low and the bar, the button would
  // pass the screen's middle; it sits in the keyboard's left margin instead, beside its keys (1100 px wide, centred).
  [`html[${LOWER_LAYOUT_ATTRIBUTE}]:has([aria-label="On-screen keyboard"]:not([data-dock="top"])) &`]: {
    '@media (orientation: landscape)': { bottom: space(6), left: space(2), paddingInline: space(3) },
  },
});
const panel = css({
  // Docked low, in reach of a seated shopper: its switches sit in the screen's lower part.
  margin: 'auto auto 140px',
  width: 'min(96vw, 960px)',
  // Always within the screen's lower half, whatever the layout.
  maxHeight: 'calc(50vh - 140px)',
  overflowY: 'auto',
  padding: space(6),
  border: 0,
  borderRadius: radius,
  background: colors.background,
  color: colors.text,
  '&::backdrop': { background: 'rgba(15, 23, 42, 0.6)' },
});
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: space(4), margin: `${space(4)} 0` });
const switchStyle = css({
  justifyContent: 'space-between',
  width: '100%',
  background: colors.surface,
  color: colors.text,
  borderColor: colors.text,
  '&[aria-checked="true"]': { background: colors.success, color: colors.onPrimary },
});

/** The international symbol of accessibility (a figure with open arms in a circle): drawn, so it needs no font. */
export function AccessIcon({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="24" cy="11" r="3.5" fill="currentColor" />
      <path
        d="M11 17.5l13 2.5 13-2.5M24 20v9M24 29l-6 11M24 29l6 11"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The `Accessibility` button as the server renders it over the attract screen, before the
 * kiosk's scripts run: a link to EARLY_ACCESS_HASH, so a touch on it is kept in the address
 * and the panel opens once they run (early-touch.ts). Above the start link stretched over the
 * screen, so the touch is not taken for a start.
 */
export function ServerAccessButton() {
  return (
    <a href={EARLY_ACCESS_HASH} role="button" aria-haspopup="dialog" css={[big, floating, { textDecoration: 'none' }]}>
      <AccessIcon />
      {ACCESS_TEXTS.button}
    </a>
  );
}

/**
 * The `Accessibility` button, on every kiosk screen (the shell draws it over each), and the panel
 * it opens: the four switches of the kiosk machine's mode and the speech volume. Switching on
 * needs no mode already on: a big, labelled button low on the screen, or any navigation key.
 */
export function AccessControls({ hasVoice }: { hasVoice: () => boolean }) {
  const { access, toggle, setVolume } = useKioskAccess();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, open);
  // The server's button touched before the scripts ran: the shopper asked for the panel.
  useEffect(() => {
    if (takeEarlyTouch(window.location, window.history, EARLY_ACCESS_HASH)) setOpen(true);
  }, []);
  return (
    <>
      <Global styles={accessCss} />
      <button type="button" css={[big, floating]} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <AccessIcon />
        {ACCESS_TEXTS.button}
      </button>
      <dialog
        ref={dialog}
        css={panel}
        aria-labelledby="kiosk-access-heading"
        onCancel={(e) => {
          e.preventDefault();
          setOpen(false);
        }}
      >
        <h2 id="kiosk-access-heading" css={{ margin: 0, fontSize: '2rem', display: 'flex', alignItems: 'center', gap: space(3) }}>
          <AccessIcon size={40} />
          {ACCESS_TEXTS.panel}
        </h2>
        <div css={grid}>
          {ACCESS_SWITCHES.map((setting) => (
            <button
              key={setting}
              type="button"
              role="switch"
              aria-checked={access[setting]}
              css={[big, switchStyle]}
              onClick={() => toggle(setting)}
            >
              {ACCESS_TEXTS.switches[setting]}
              <span aria-hidden="true">{access[setting] ? 'On' : 'Off'}</span>
            </button>
          ))}
        </div>
        {!open || hasVoice() ? null : <p css={{ fontSize: '1.25rem' }}>{ACCESS_TEXTS.noVoice}</p>}
        <label css={{ display: 'grid', gap: space(2), fontSize: '1.5rem', fontWeight: 600 }}>
          {ACCESS_TEXTS.volume}
          <input
            type="range"
            min={0}
            max={100}
            step={10}
            value={Math.round(access.volume * 100)}
            aria-valuetext={`${Math.round(access.volume * 100)} %`}
            css={{ width: '100%', minHeight: 64 }}
            onChange={(e) => setVolume(Number(e.target.value) / 100)}
          />
        </label>
        <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: space(4) }}>
          <button type="button" css={big} onClick={() => setOpen(false)}>
            {ACCESS_TEXTS.close}
          </button>
        </div>
      </dialog>
    </>
  );
}
