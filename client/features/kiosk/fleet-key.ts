/**
 * The key that proves this kiosk's name to the shop (docs/decisions/030-kiosk-fleet.md): the
 * reply to the first heartbeat under a free name gives it, and the device keeps it with the
 * name beside the kiosk flag (the reset between shoppers keeps it too). Lost, the kiosk's
 * heartbeats are refused until an admin forgets the kiosk on /admin/kiosks.
 */
export const KIOSK_FLEET_KEY = 'statefront-kiosk-fleet-key';

export type FleetKeyStore = {
  get(name: string): string | undefined;
  set(name: string, key: string): void;
};

/** The key kept for `name` only: a kiosk renamed claims its new name afresh. */
export const fleetKeyStore = (storage: () => Pick<Storage, 'getItem' | 'setItem'> = () => window.localStorage): FleetKeyStore => ({
  get(name) {
    try {
      const kept = JSON.parse(storage().getItem(KIOSK_FLEET_KEY) ?? 'null') as { name?: unknown; key?: unknown } | null;
      return kept?.name === name && typeof kept.key === 'string' ? kept.key : undefined;
    } catch {
      return undefined;
    }
  },
  set(name, key) {
    try {
      storage().setItem(KIOSK_FLEET_KEY, JSON.stringify({ name, key }));
    } catch {
      // Storage blocked: the key lives as long as this page; a reload finds the name taken.
    }
  },
});
