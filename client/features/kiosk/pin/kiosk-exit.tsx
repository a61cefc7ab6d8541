import { css } from '@emotion/react';
import { useActorRef } from '@xstate/react';
import { useEffect, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useKioskMode } from '../kiosk-mode.ts';
import { livePinPadMachine } from './live-pin-pad.ts';
import { PinPadDialog } from './pin-pad-dialog.tsx';

export type KioskExitPressProps = {
  children: ReactNode;
  /** The PIN pad's logic; tests give it other calls or a shorter hold. */
  logic?: typeof livePinPadMachine;
  holdMs?: number;
};

// A long touch on a link would otherwise select its text or open the browser's link menu.
const pressArea = css({ display: 'inline-flex', userSelect: 'none', WebkitUserSelect: 'none', WebkitTouchCallout: 'none' });

const HOLD_KEYS = new Set(['Enter', ' ']);

/**
 * The way out of kiosk mode: the logo held 5 s (a pointer, or Enter or Space on the focused
 * logo, so keyboard and switch users can reach it too) opens the PIN pad, and a right PIN
 * calls the kiosk mode's `leave`. A short click still does what the logo does. Outside kiosk
 * mode it is only the logo. Nothing on screen advertises the press: it is for the operator.
 */
export function KioskExitPress({ children, logic, holdMs }: KioskExitPressProps) {
  const kiosk = useKioskMode();
  if (!kiosk.active) return <>{children}</>;
  return (
    <ExitPress logic={logic} holdMs={holdMs} leave={kiosk.leave}>
      {children}
    </ExitPress>
  );
}

function ExitPress({ children, logic = livePinPadMachine, holdMs, leave }: KioskExitPressProps & { leave: () => void }) {
  const pad = useActorRef(logic, { input: holdMs === undefined ? {} : { holdMs } });

  useEffect(() => {
    const subscription = pad.on('pinPad.left', () => leave());
    return () => subscription.unsubscribe();
  }, [pad, leave]);

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
      <PinPadDialog pad={pad} />
    </>
  );
}
