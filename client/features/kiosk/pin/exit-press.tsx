import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { devEventLog } from '../../../lib/event-log.ts';
import { livePinPadMachine } from './live-pin-pad.ts';
import { PinPadDialog } from './pin-pad-dialog.tsx';

export type ExitPressProps = {
  children: ReactNode;
  /** The PIN pad's logic; tests give it other calls. */
  logic?: typeof livePinPadMachine | undefined;
  /** How long the press is held before the pad opens (KIOSK_EXIT_HOLD_SECONDS); unset, the pad's own 5 s. */
  holdMs?: number | undefined;
  /** The kiosk mode's way out, called after a right PIN. */
  leave: () => void;
  /** Opens `Report a problem`, called instead of `leave` after a right PIN when staff chose to report. */
  report?: (() => void) | undefined;
};

// `contents`: the wrapper adds no box, so the header's layout is the logo's own. A long touch on
// a link would otherwise select its text, open the browser's link menu or start dragging it.
const pressArea = css({
  display: 'contents',
  userSelect: 'none',
  WebkitUserSelect: 'none',
  WebkitTouchCallout: 'none',
  '& a, & img': {
    userSelect: 'none',
    WebkitUserSelect: 'none',
    WebkitUserDrag: 'none',
  },
});

const HOLD_KEYS = new Set(['Enter', ' ']);

/**
 * The logo held for `holdMs` (a pointer, or Enter or Space on the focused logo, so keyboard and switch
 * users can reach it too) opens the PIN pad, and a right PIN calls `leave`. A short click still
 * does what the logo does. Nothing on screen advertises the press: it is for the operator.
 */
export function ExitPress({ children, logic = livePinPadMachine, holdMs, leave, report }: ExitPressProps) {
  const pad = useActorRef(logic, {
    input: holdMs === undefined ? {} : { holdMs },
    inspect: devEventLog?.inspect('pin-pad', { many: true }),
  });

  // What the right PIN unlocks: leaving kiosk mode, or (staff pressed `Report a problem` on the pad) the report dialog.
  // The ref is what the emitted event reads; the state is what the pad shows.
  const [purpose, setPurpose] = useState<'leave' | 'report'>('leave');
  const purposeRef = useRef(purpose);
  const choose = (next: 'leave' | 'report') => {
    purposeRef.current = next;
    setPurpose(next);
  };
  const closed = useSelector(pad, (s) => s.hasTag('closed'));
  useEffect(() => {
    if (closed) choose('leave');
  }, [closed]);

  useEffect(() => {
    const subscription = pad.on('pinPad.left', () => (purposeRef.current === 'report' && report ? report() : leave()));
    return () => subscription.unsubscribe();
  }, [pad, leave, report]);

  const press = () => pad.send({ type: 'pin.press' });
  const release = () => pad.send({ type: 'pin.release' });

  return (
    <>
      <span
        css={pressArea}
        onPointerDown={(e: PointerEvent) => {
          if (e.button === 0) press();
        }}
        onPointerUp={release}
        onPointerLeave={release}
        onPointerCancel={release}
        onBlur={release}
        onContextMenu={(e: MouseEvent) => e.preventDefault()}
        onDragStart={(e: DragEvent) => e.preventDefault()}
        onKeyDown={(e: KeyboardEvent) => {
          if (!HOLD_KEYS.has(e.key)) return;
          // Space would scroll; Enter keeps its click, so a short press still follows the logo.
          if (e.key === ' ') e.preventDefault();
          if (!e.repeat) press();
        }}
        onKeyUp={(e: KeyboardEvent) => {
          if (HOLD_KEYS.has(e.key)) release();
        }}
        onClickCapture={(e: MouseEvent) => {
          // The click that ends a held press opened the pad: it must not also follow the logo.
          const now = pad.getSnapshot();
          if (now.hasTag('closed') || now.hasTag('pressing')) return;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        {children}
      </span>
      <PinPadDialog pad={pad} purpose={purpose} onReport={report ? () => choose('report') : undefined} />
    </>
  );
}
