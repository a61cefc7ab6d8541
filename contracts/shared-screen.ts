/*
 * The shopper's screen, shared with support on purpose (docs/decisions/022-shared-screen.md):
 * what the shop's chat panel sends while the shopper consents, and what admins receive. Plain
 * types and checks, no zod: the shop's chat panel imports this file.
 */

export const SCREEN_EVENTS = {
  /** Customer → hub: consent given (`{ on: true }`) or withdrawn / an ask declined (`{ on: false }`). */
  share: 'screen share',
  /** Customer → hub, while sharing: `SharedScreen`, the whole view each time (the hub keeps none of it). */
  update: 'screen update',
  /** Hub → admin sockets: `ScreenToAdmin`, `screen: null` when sharing stopped; the page acknowledges it. */
  shown: 'screen shown',
  /** Admin → hub: `{ user }`, the conversation whose shopper is asked. */
  ask: 'screen ask',
  /** Hub → the asked shopper's sockets: nothing; the panel offers Share / Not now. */
  asked: 'screen asked',
  /** Admin → hub, with an ack `{ ok: true, screens: ScreenToAdmin[] }`: the screens shared now, for a page that (re)loads. */
  list: 'screen list',
} as const;

export const SCREEN_TEXTS = {
  share: 'Share my screen with support',
  what: 'Support will see this page, your cart and your checkout step, never passwords or payment details.',
  sharing: 'Support can see your screen',
  stop: 'Stop sharing',
  asked: 'Support asks to see your screen',
  accept: 'Share',
  decline: 'Not now',
  panel: "Shopper's screen",
  none: 'The shopper is not sharing their screen',
  ask: 'Ask to see the screen',
  guest: 'Guest',
  signedInAs: (name: string) => `Signed in as ${name}`,
  /** The partner widget shares only the page's address and title. */
  sharePage: 'Share this page with support',
  pageWhat: "Support will see this page's address and title, nothing else.",
  pageSharing: 'Support can see this page',
  partnerPage: 'On a partner site',
  /** The kiosk's own (`Call staff`, `Staff can see this screen`) are client/lib/staff-call.ts's, beside the bar. */
  kiosk: (name: string) => `Kiosk ${name}`,
} as const;

/** One cart line as the shopper sees it: `note` is the stock note shown, such as `only 2 left`. */
export type SharedCartLine = { name: string; quantity: number; price: number; note?: string };
/** One recent machine event: which machine, which event type, when (ISO time). Never its payload. */
export type SharedEvent = { machine: string; event: string; at: string };
/**
 * What support sees: the page, who is signed in (a first name or null for a guest), the cart,
 * the checkout and payment step in words, the last error text shown, the last 10 events.
 */
export type SharedScreen = {
  /** Shared from a kiosk: its name (KIOSK_NAME, or `/kiosk?name=…`), so staff know which to walk to. */
  kiosk?: string;
  path: string;
  title: string;
  signedInAs: string | null;
  cart: SharedCartLine[];
  step: string | null;
  error: string | null;
  events: SharedEvent[];
};
export type ScreenToAdmin = { user: string; screen: SharedScreen | null };

/** Each update's JSON stays under this many bytes; a larger one is refused. */
export const SCREEN_MAX_BYTES = 2048;
export const SCREEN_MAX_EVENTS = 10;
/** A kiosk's name is a label on a card: this long at most. */
export const KIOSK_NAME_MAX = 60;
/** Updates per second per conversation that reach admins; more are coalesced into the newest. */
export const SCREEN_UPDATES_PER_SECOND = 4;

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const isLine = (v: unknown): v is SharedCartLine => {
  const l = v as SharedCartLine;
  return (
    typeof v === 'object' &&
    v !== null &&
    isText(l.name, 200) &&
    Number.isFinite(l.quantity) &&
    Number.isFinite(l.price) &&
    (l.note === undefined || isText(l.note, 200))
  );
};
const isEvent = (v: unknown): v is SharedEvent => {
  const e = v as SharedEvent;
  return typeof v === 'object' && v !== null && isText(e.machine, 40) && isText(e.event, 80) && isText(e.at, 40);
};

/**
 * The text's size in UTF-8, as it goes on the wire (no TextEncoder here: this file runs
 * everywhere). Counted by UTF-16 unit, not by code point: the hub counts every screen update,
 * and iterating a string's code points cost it three times as much.
 */
export const utf8Bytes = (text: string): number => {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one code point of 4 bytes; a lone surrogate goes out as 3 (U+FFFD).
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
};

/**
 * The update as the hub relays it, or null when it is not one: every field checked, only the
 * declared fields copied (nothing else a page sends rides along), and the whole under the size cap.
 */
export const parseSharedScreen = (payload: unknown): SharedScreen | null => {
  const p = payload as SharedScreen;
  if (typeof payload !== 'object' || payload === null) return null;
  if (!isText(p.path, 300) || !isText(p.title, 200)) return null;
  if (!(p.signedInAs === null || isText(p.signedInAs, 100))) return null;
  if (!(p.step === null || isText(p.step, 200)) || !(p.error === null || isText(p.error, 300))) return null;
  if (!(p.kiosk === undefined || isText(p.kiosk, KIOSK_NAME_MAX))) return null;
  if (!Array.isArray(p.cart) || !p.cart.every(isLine) || !Array.isArray(p.events) || !p.events.every(isEvent)) return null;
  const screen: SharedScreen = {
    ...(p.kiosk ? { kiosk: p.kiosk } : {}),
    path: p.path,
    title: p.title,
    signedInAs: p.signedInAs,
    cart: p.cart.map(({ name, quantity, price, note }) => ({ name, quantity, price, ...(note ? { note } : {}) })),
    step: p.step,
    error: p.error,
    events: p.events.slice(-SCREEN_MAX_EVENTS).map(({ machine, event, at }) => ({ machine, event, at })),
  };
  return utf8Bytes(JSON.stringify(screen)) < SCREEN_MAX_BYTES ? screen : null;
};

/** What the hub emits about screens, for typed servers and clients (beside `ChatServerToClient`). */
export type ScreenServerToClient = {
  /** Acknowledged by the admin's page: socket.io keeps no acknowledged packet for recovery (decision 022). */
  'screen shown': (payload: ScreenToAdmin, ack: () => void) => void;
  'screen asked': () => void;
};

/** The screen cut to the size cap as a page sends it: the oldest events go first, then the last cart lines. */
export const fitScreen = (screen: SharedScreen): SharedScreen => {
  const fitted = { ...screen, events: [...screen.events], cart: [...screen.cart] };
  const size = () => utf8Bytes(JSON.stringify(fitted));
  while (size() >= SCREEN_MAX_BYTES && fitted.events.length > 0) fitted.events.shift();
  while (size() >= SCREEN_MAX_BYTES && fitted.cart.length > 0) fitted.cart.pop();
  return fitted;
};
