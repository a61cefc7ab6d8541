/**
 * The kiosk's accessibility mode (EN 301 549 for self-service terminals; docs/decisions/020):
 * four switches and the speech volume. It belongs to the shopper's session, so the kiosk's reset
 * ends it, and it holds nothing personal.
 */
export const ACCESS_SWITCHES = ['readAloud', 'largerText', 'highContrast', 'lowerLayout'] as const;
export type AccessSwitch = (typeof ACCESS_SWITCHES)[number];

export type Access = Record<AccessSwitch, boolean> & {
  /** Speech volume, 0 to 1 (SpeechSynthesisUtterance.volume). */
  volume: number;
  /** The shopper used a switch this session: a key no longer turns `Read aloud` on by itself. */
  chosen: boolean;
};

export const ACCESS_OFF: Access = {
  readAloud: false,
  largerText: false,
  highContrast: false,
  lowerLayout: false,
  volume: 1,
  chosen: false,
};

/** In the mode every idle time is this many times as long (a shopper listening or reaching needs longer). */
export const ACCESS_IDLE_FACTOR = 3;

export type AccessEvent =
  /** A switch of the panel, flipped. */
  | { type: 'kiosk.access.toggle'; setting: AccessSwitch }
  /** The panel's speech volume, 0 to 1. */
  | { type: 'kiosk.access.volume'; volume: number }
  /** A key of a physical keypad or keyboard (Tab, an arrow, Enter): on a kiosk whose mode is off, `Read aloud` comes on. */
  | { type: 'kiosk.access.key' };

/** Any switch on: the mode is on (its longer idle time applies). */
export const accessOn = (a: Access): boolean => ACCESS_SWITCHES.some((s) => a[s]);

/** A key turns `Read aloud` on only on a kiosk nobody set up this session: a shopper's own choice stands. */
export const keyTurnsOn = (a: Access): boolean => !accessOn(a) && !a.chosen;

export const toggled = (a: Access, setting: AccessSwitch): Access => ({ ...a, [setting]: !a[setting], chosen: true });

export const withVolume = (a: Access, volume: number): Access => ({
  ...a,
  volume: Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : a.volume)),
});

export const idleFactor = (a: Access): number => (accessOn(a) ? ACCESS_IDLE_FACTOR : 1);
