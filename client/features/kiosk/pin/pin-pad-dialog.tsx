import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { KIOSK_PIN_LENGTH, KIOSK_PIN_TEXTS } from '#contracts/kiosk-pin.ts';
import type { pinPadMachine } from '#machines/kiosk/pin-pad.machine.ts';
import { buttonStyle } from '../../../ui/button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { colors, radius, space } from '../../../ui/theme.ts';
import { useModalDialog } from '../../../ui/use-modal-dialog.ts';
import { useKioskMode } from '../kiosk-mode.ts';
import { isLoopbackOrigin, LOOPBACK_NOTE, phoneOrigin } from '../../../lib/phone-origin.ts';

const dialogStyle = css({
  border: 0,
  borderRadius: radius,
  padding: space(6),
  color: colors.text,
  boxShadow: '0 10px 40px rgba(0,0,0,0.3)',
  '&::backdrop': { background: 'rgba(15, 23, 42, 0.55)' },
});
// Touch targets well above 44 × 44 px: the pad is used standing, with a finger.
const KEY = 64;
const keysStyle = css({
  display: 'grid',
  gridTemplateColumns: `repeat(3, ${KEY}px)`,
  gap: space(3),
  justifyContent: 'center',
  margin: `${space(4)} 0`,
});
const keyStyle = css({ minWidth: KEY, minHeight: KEY, fontSize: '1.5rem', touchAction: 'manipulation' });
const dotsStyle = css({ minHeight: '2rem', fontSize: '1.5rem', letterSpacing: '0.4em', textAlign: 'center', outline: 'none' });
const rowStyle = css({ display: 'flex', gap: space(3), justifyContent: 'flex-end' });

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export type PinPadDialogProps = {
  pad: ActorRefFrom<typeof pinPadMachine>;
  /** What the right PIN does: leave kiosk mode (the default), or open `Report a problem`. */
  purpose?: 'leave' | 'report';
  /** Staff chose to report a problem instead: the same PIN then opens the report. Unset, no such button. */
  onReport?: (() => void) | undefined;
};

/**
 * The PIN pad: a modal <dialog> (the browser traps focus; Escape cancels), on-screen digits,
 * the typed digits as dots with their count for screen readers, and the pad's message.
 * A physical keyboard's digits, Backspace and Enter work too. Focus starts on the dots, so a
 * key still held from opening the pad presses nothing.
 */
export function PinPadDialog({ pad, purpose = 'leave', onReport }: PinPadDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const dotsRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shown = useSelector(pad, (s) => s.hasTag('dialog'));
  const loading = useSelector(pad, (s) => s.hasTag('loading'));
  const unavailable = useSelector(pad, (s) => s.hasTag('unavailable'));
  const entering = useSelector(pad, (s) => s.hasTag('entering'));
  const checking = useSelector(pad, (s) => s.hasTag('checking'));
  const typed = useSelector(pad, (s) => s.context.pin.length);
  const message = useSelector(pad, (s) => s.context.message);
  // Staff's screen, not the shopper's QR: the hand-off links point where no phone can go.
  const kiosk = useKioskMode();
  const loopback = typeof window !== 'undefined' && isLoopbackOrigin(phoneOrigin(kiosk, window.location.origin));

  useModalDialog(ref, shown, () => dotsRef.current?.focus());

  const onKeyDown = (e: KeyboardEvent) => {
    // Held keys repeat: a repeat must not press a pad key again.
    if (e.repeat) return void e.preventDefault();
    if (/^\d$/.test(e.key)) pad.send({ type: 'pin.digit', digit: e.key });
    else if (e.key === 'Backspace') pad.send({ type: 'pin.erase' });
    else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) pad.send({ type: 'pin.submit' });
  };
  const key = (label: string, send: () => void, name = label, ready = entering) => (
    <button key={name} type="button" css={[buttonStyle('secondary'), keyStyle]} aria-label={name} disabled={!ready} onClick={send}>
      {label}
    </button>
  );

  return (
    <dialog
      ref={ref}
      css={dialogStyle}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        pad.send({ type: 'pin.cancel' });
      }}
    >
      <h2 id={titleId} css={{ marginTop: 0, fontSize: '1.25rem' }}>
        {purpose === 'report' ? 'Report a problem' : 'Leave kiosk mode'}
      </h2>
      {shown && unavailable ? (
        <p role="alert">{KIOSK_PIN_TEXTS.unavailable}</p>
      ) : shown ? (
        <>
          <div ref={dotsRef} tabIndex={-1} css={dotsStyle} aria-busy={loading || checking}>
            <span aria-hidden="true">{'●'.repeat(typed)}</span>
            <VisuallyHidden role="status">
              {checking ? 'Checking the PIN' : `PIN: ${typed} digit${typed === 1 ? '' : 's'} entered`}
            </VisuallyHidden>
          </div>
          {loopback ? <p css={{ margin: 0, maxWidth: 3 * KEY + 40, color: colors.muted }}>{LOOPBACK_NOTE}</p> : null}
          {message ? (
            <p role="alert" css={{ color: colors.danger, margin: 0, maxWidth: 3 * KEY + 40 }}>
              {message}
            </p>
          ) : null}
          <div css={keysStyle}>
            {DIGITS.map((digit) => key(digit, () => pad.send({ type: 'pin.digit', digit })))}
            {key('⌫', () => pad.send({ type: 'pin.erase' }), 'Delete')}
            {key('0', () => pad.send({ type: 'pin.digit', digit: '0' }))}
            {key('OK', () => pad.send({ type: 'pin.submit' }), 'OK', entering && typed >= KIOSK_PIN_LENGTH.min)}
          </div>
        </>
      ) : null}
      <div css={rowStyle}>
        {onReport && purpose === 'leave' && shown && !unavailable ? (
          <button type="button" css={[buttonStyle('secondary'), { minHeight: 48 }]} onClick={onReport}>
            Report a problem
          </button>
        ) : null}
        <button
          type="button"
          css={[buttonStyle('secondary'), { minHeight: 48, minWidth: 96 }]}
          onClick={() => pad.send({ type: 'pin.cancel' })}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
