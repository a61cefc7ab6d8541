// What a kiosk tells the shop every KIOSK_HEARTBEAT_SECONDS and what the shop answers; the
// status rules are in kiosk-fleet-rules.ts (docs/decisions/030-kiosk-fleet.md).
import { z } from 'zod';
import { KIOSK_NAME_MAX } from './shared-screen.ts';
import { KIOSK_COMMANDS, KIOSK_STATES, type KioskState } from './kiosk-fleet-rules.ts';
import { KIOSK_SECONDS } from './shop-settings.ts';

export * from './kiosk-fleet-rules.ts';

const KioskStateKey = z.enum(Object.keys(KIOSK_STATES) as [KioskState, ...KioskState[]]);

const seconds = z
  .number()
  .int()
  .min(0)
  .max(10 * 365 * 86_400);
const when = z.iso.datetime({ offset: true });

export const KioskHeartbeat = z.object({
  name: z.string().trim().min(1).max(KIOSK_NAME_MAX),
  state: KioskStateKey,
  /** Seconds the machine has been in `state`. */
  stateSeconds: seconds,
  /** Seconds since a shopper last touched the screen (or since the page loaded). */
  quietSeconds: seconds,
  /** How long the kiosk waits without input before it is back on the attract screen (idle time and warning). */
  idleSeconds: z
    .number()
    .int()
    .min(KIOSK_SECONDS.min)
    .max(4 * KIOSK_SECONDS.max),
  /** This kiosk's KIOSK_HEARTBEAT_SECONDS: three missed make it Offline. */
  everySeconds: z.number().int().min(KIOSK_SECONDS.min).max(KIOSK_SECONDS.max),
  build: z.string().max(40).optional(),
  lastResetAt: when.optional(),
  lastError: z.object({ text: z.string().max(200), at: when }).optional(),
  /** The previous heartbeat's round trip, in milliseconds. */
  roundTripMs: z.number().int().min(0).max(600_000).optional(),
});
export type KioskHeartbeat = z.infer<typeof KioskHeartbeat>;

export const KioskHeartbeatReply = z.object({
  command: z.enum(KIOSK_COMMANDS).optional(),
  /** Only in the reply to the heartbeat that claimed the name: the key its next ones send in X-Kiosk-Key. */
  key: z.string().optional(),
});
export type KioskHeartbeatReply = z.infer<typeof KioskHeartbeatReply>;

export const KioskCommandRequest = z.object({ command: z.enum(KIOSK_COMMANDS) });
