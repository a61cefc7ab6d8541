/**
 * Whether this page runs as a kiosk, decided once at start-up in the main chunk (the kiosk's own
 * code is a lazy chunk the shop never loads). Kept tiny: no zod here, the kiosk chunk validates
 * the settings fully.
 */

/** The device's kiosk flag in local storage: the kiosk reset never wipes it. */
export const KIOSK_KEY = 'statefront-kiosk';
/** The kiosk's name from its address (`/kiosk?name=…`), kept on the device like the flag: staff know the kiosk by it. */
export const KIOSK_NAME_KEY = 'statefront-kiosk-name';
/** Opening this path turns kiosk mode on for the device. */
export const KIOSK_PATH = '/kiosk';
/** The id of the JSON block with the server's settings (contracts/shop-settings.ts). */
const SETTINGS_ID = 'shop-settings';

/** The server's settings block, parsed but not yet validated (undefined when absent or broken). */
export const readPageSettings = (doc: Pick<Document, 'getElementById'> = document): unknown => {
  const text = doc.getElementById(SETTINGS_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const localOrNull = (): StorageLike | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * Kiosk mode is on when the page was opened at /kiosk (remembered on the device), when the device
 * remembered it before, or when the instance runs with KIOSK=1.
 */
export const startsInKioskMode = (
  pathname: string = window.location.pathname,
  storage: StorageLike | null = localOrNull(),
  settings: unknown = readPageSettings(),
  search: string = window.location.search,
): boolean => {
  const instanceWide = typeof settings === 'object' && settings !== null && (settings as { kiosk?: unknown }).kiosk === true;
  let remembered = false;
  try {
    if (pathname === KIOSK_PATH) storage?.setItem(KIOSK_KEY, 'on');
    const name = pathname === KIOSK_PATH ? new URLSearchParams(search).get('name')?.trim().slice(0, 60) : undefined;
    if (name) storage?.setItem(KIOSK_NAME_KEY, name);
    remembered = storage?.getItem(KIOSK_KEY) === 'on';
  } catch {
    // Storage blocked: only this page load is a kiosk.
  }
  return instanceWide || remembered || pathname === KIOSK_PATH;
};

/** The name `/kiosk?name=…` gave this device, if any. */
export const rememberedKioskName = (storage: Pick<Storage, 'getItem'> | null = localOrNull()): string | undefined => {
  try {
    return storage?.getItem(KIOSK_NAME_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};
