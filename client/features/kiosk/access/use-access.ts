import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { kioskMachine } from '#machines/kiosk/kiosk.machine.ts';
import { isTextField } from '../touch/touch-rules.ts';
import type { KioskAccess } from './access-context.ts';
import { ACCESS_TEXTS } from './access-texts.ts';
import type { Speech } from './speech.ts';

type KioskRef = ActorRefFrom<typeof kioskMachine>;

/** The keys of an audio-navigation keypad (and a keyboard's): pressing one is asking for guidance. */
export const NAVIGATION_KEYS: ReadonlySet<string> = new Set(['Tab', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * The kiosk machine's accessibility mode, wired to the page: a navigation key tells the machine
 * (which turns `Read aloud` on while nobody chose otherwise), `Read aloud` coming on says how to
 * go on, going off stops speech; and what the switches and volume send.
 */
export function useKioskAccessMode(kiosk: KioskRef, speech: Speech): KioskAccess {
  const access = useSelector(kiosk, (s) => s.context.access);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Keys typed into a text field are typing (Enter sends a chat line), not a keypad asking for help.
      if (NAVIGATION_KEYS.has(e.key) && !isTextField(e.target)) kiosk.send({ type: 'kiosk.access.key' });
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [kiosk]);

  const spoke = useRef(false);
  useEffect(() => {
    if (access.readAloud && !spoke.current) speech.say(ACCESS_TEXTS.guidanceOn, access.volume);
    if (!access.readAloud && spoke.current) speech.stop();
    spoke.current = access.readAloud;
    // The volume alone does not repeat the guidance.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [access.readAloud, speech]);

  return useMemo(
    () => ({
      access,
      toggle: (setting) => kiosk.send({ type: 'kiosk.access.toggle', setting }),
      setVolume: (volume) => kiosk.send({ type: 'kiosk.access.volume', volume }),
    }),
    [access, kiosk],
  );
}
