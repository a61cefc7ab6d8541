import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { accessOn } from '#machines/kiosk/access.ts';
import type { kioskMachine } from '#machines/kiosk/kiosk.machine.ts';
import { isTextField } from '../touch/touch-rules.ts';
import type { KioskAccess } from './access-context.ts';
import { applyAccess } from './access-styles.ts';
import { ACCESS_TEXTS } from './access-texts.ts';
import { useArrowNavigation, useReadAloud } from './read-aloud.ts';
import type { Speech } from './speech.ts';

type KioskRef = ActorRefFrom<typeof kioskMachine>;

/** The keys of an audio-navigation keypad (and a keyboard's): pressing one is asking for guidance. */
export const NAVIGATION_KEYS: ReadonlySet<string> = new Set(['Tab', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * The kiosk machine's accessibility mode, wired to the page: a navigation key tells the machine
 * (which turns `Read aloud` on while nobody chose otherwise), `Read aloud` coming on says how to
 * go on (going off stops speech); while on, the page is read aloud and the arrows move through it;
 * and what the switches and volume send.
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

  useEffect(() => {
    if (access.readAloud) speech.say(ACCESS_TEXTS.guidanceOn, access.volume);
    // Said once, as Read aloud comes on: the volume alone does not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [access.readAloud, speech]);
  useEffect(() => applyAccess(access), [access]);
  useReadAloud(access.readAloud, speech, access.volume);
  useArrowNavigation(accessOn(access));

  return useMemo(
    () => ({
      access,
      toggle: (setting) => kiosk.send({ type: 'kiosk.access.toggle', setting }),
      setVolume: (volume) => kiosk.send({ type: 'kiosk.access.volume', volume }),
    }),
    [access, kiosk],
  );
}
