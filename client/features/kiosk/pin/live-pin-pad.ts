import { fromPromise } from 'xstate';
import { KIOSK_UNLOCK_PATH, type KioskPinStatus } from '#contracts/kiosk-pin.ts';
import { pinPadMachine } from '#machines/kiosk/pin-pad.machine.ts';
import { api } from '../../../lib/api.ts';

/**
 * The PIN pad with its two calls: whether a PIN is set (GET) and the check (POST, with the
 * anti-forgery header). Leaving the state aborts the call, so Cancel drops a check in flight.
 */
export const livePinPadMachine = pinPadMachine.provide({
  actors: {
    status: fromPromise<KioskPinStatus, void>(({ signal }) => api.get<KioskPinStatus>(KIOSK_UNLOCK_PATH, { signal })),
    check: fromPromise<unknown, { pin: string }>(({ input, signal }) => api.post(KIOSK_UNLOCK_PATH, input, { signal })),
  },
});
