import { createControl } from '#machines/testing/controlled-actors.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { KIOSK_DEFAULTS, kioskMachine } from '#machines/kiosk/kiosk.machine.ts';

/** The kiosk machine as the browser runs it with the shop's default settings (the page's clock is Playwright's, paused). */
export const kioskE2eModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'kiosk (e2e)',
    machine: kioskMachine.provide({
      actors: { resetSession: control.promise(), checkSession: control.promise(), probe: control.promise(), checkBuild: control.promise() },
    }),
    control,
    input: () => ({ ...KIOSK_DEFAULTS }),
    events: [],
  };
};

/** The delay each timer of the machine waits, as the page's clock must run it. */
export const KIOSK_DELAYS: Record<string, number> = {
  idle: KIOSK_DEFAULTS.idleMs,
  handoffIdle: KIOSK_DEFAULTS.handoffMs,
  tick: 1000,
  retry: KIOSK_DEFAULTS.retryMs,
  buildCheck: KIOSK_DEFAULTS.buildCheckMs,
  thanks: KIOSK_DEFAULTS.thanksMs,
  confirmRetry: KIOSK_DEFAULTS.confirmRetryMs,
};
