/**
 * What an exported event log may keep. Masking goes by an allow-list: a value is kept
 * only under a key known to hold nothing about a person or a secret (ids of things, quantities,
 * prices, states, dates); every other value is masked, whatever its key is called. Masks keep the
 * shape a machine may test (empty or not, length, digits where digits were), so a masked log
 * still replays to the same states (`npm run replay`).
 */

/** Keys whose values are kept: what a machine decides by, and that says nothing about who. */
export const SAFE_KEYS: ReadonlySet<string> = new Set([
  // events and actors
  'type',
  'actorId',
  'method',
  'paymentMethod',
  'status',
  'code',
  'ok',
  'field',
  'on',
  'index',
  // inputs machines start with
  'area',
  'viewer',
  'productId',
  'opened',
  'today',
  // things, not people
  '_id',
  'id',
  'productID',
  'orderId',
  'walletOrderId',
  'you',
  'from',
  'file',
  'category',
  'sort',
  // amounts and states
  'quantity',
  'count',
  'price',
  'itemsCount',
  'cartSubtotal',
  'total',
  'loaded',
  'orders',
  'hour',
  'rating',
  'reviewsNumber',
  'pageNum',
  'paginationLinksNumber',
  'page',
  'limit',
  'isAdmin',
  'isPaid',
  'isDelivered',
  'isCancelled',
  'cancelReason',
  'doNotLogout',
  'pinSet',
  'left',
  'retryAfter',
  'remaining',
  'changed',
  'kiosk',
  // times
  'date',
  'at',
  'createdAt',
  'paidAt',
  'deliveredAt',
  'cancelledAt',
  'expiresAt',
]);

/** Durations and limits a machine is started with (`idleMs`, `kioskIdleSeconds`). */
const DURATION = /(Ms|Seconds)$/;

/** Keys of free text a person typed or was sent (chat messages, notices): kept only as its layout. */
const TEXT_KEYS = new Set(['text', 'message', 'client', 'admin']);

/** Typed text as a placeholder of the same length that keeps its whitespace (a blank message stays blank). */
export const maskText = (text: string): string => text.replace(/\S/g, 'x');

/**
 * Any other text by its shape: letters become `x`, digits `0`, everything else stays, so a PIN
 * digit is `0`, a phone `+00 00 0000 0000` and an e-mail `xxx@xxxxxxx.xxx`: whether a value is
 * filled, and valid, replays as it was, while what it said does not.
 */
export const maskValue = (text: string): string => text.replace(/\p{L}/gu, 'x').replace(/\p{N}/gu, '0');

/**
 * Keys that carry a support conversation's id (`user` of the admin's chat events, `roomId`,
 * `socketId` of `disconnected`): the id is its owner's name at the hub, never exported
 * (decision 013). Each becomes `conversation-N`, the same N for the same id throughout one
 * export, so the admin's rooms replay apart as they were.
 */
const CONVERSATION_KEYS = new Set(['user', 'roomId', 'socketId']);

/**
 * A path as the allow-list keeps it: the route, without what a person typed into it, the search
 * segment (`/search/<text>`), query values and the fragment masked by shape, since a
 * search or a query may hold what a person typed about themselves.
 */
export const maskPath = (path: string): string => {
  const cut = path.search(/[?#]/);
  const route = cut < 0 ? path : path.slice(0, cut);
  const rest = cut < 0 ? '' : path.slice(cut);
  const segments = route.split('/');
  const masked = segments.map((segment, i) => (i > 0 && /^search$/i.test(segments[i - 1]!) ? maskValue(segment) : segment));
  // Parameter names are the shop's own; their values and the fragment are the visitor's.
  const tail = rest.replace(/=([^&#]*)/g, (_all, value: string) => `=${maskValue(value)}`).replace(/#.*/, (hash) => maskValue(hash));
  return masked.join('/') + tail;
};

/**
 * One of the shop's own sentences, without what it echoes of the request: any path in it is
 * masked as `path` is, and quoted text by shape, so a refusal that repeats what was typed keeps
 * its wording (which machines choose by) and loses the typing.
 */
export const maskEcho = (sentence: string): string =>
  sentence
    .replace(/\/[^\s'"“”‘’]*/g, maskPath)
    .replace(/(["“])([^"”]*)(["”])/g, (_all, open: string, inner: string, close: string) => open + maskValue(inner) + close)
    .replace(
      /(^|[\s(:])(['‘])([^'’]*)(['’])(?=$|[\s).,;:!?])/g,
      (_all, before: string, open: string, inner: string, close: string) => before + open + maskValue(inner) + close,
    );

/**
 * A product line's `name` is the product's, which a bug report needs; any other `name` is a person's.
 * An API error's `message` (beside its numeric `status`) is one of the shop's own sentences, and
 * machines choose by it (a hand-off link `used` or `expired`): kept, so the log replays.
 */
/**
 * A shopper's screen in an admin's log (`admin.screen`): someone else's page and cart, which
 * leave the admin's browser in no form, masked or not (decision 022). `{}` keeps that a screen
 * was shown, which is all the admin's machine decides by.
 */
const isOthersScreen = (key: string, holder: Record<string, unknown>) => key === 'screen' && holder.type === 'admin.screen';

const isSafe = (key: string, holder: Record<string, unknown>) =>
  SAFE_KEYS.has(key) ||
  DURATION.test(key) ||
  (key === 'name' && 'productID' in holder) ||
  (key === 'message' && typeof holder.status === 'number');

const maskLeaf = (key: string | null, value: unknown): unknown => {
  if (typeof value === 'string') return key !== null && TEXT_KEYS.has(key) ? maskText(value) : maskValue(value);
  if (typeof value === 'number') return 0;
  return value;
};

/**
 * A redactor for one export: `redact` of each entry, with the conversation ids of all of them
 * named alike (`conversation-1`, …) so they still tell the same conversations apart.
 */
export const createRedactor = (): ((value: unknown) => unknown) => {
  const names = new Map<string, string>();
  const pseudonym = (id: string) => {
    if (!names.has(id)) names.set(id, `conversation-${names.size + 1}`);
    return names.get(id)!;
  };
  const walk = (value: unknown, key: string | null, safe: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key, safe));
    if (typeof value === 'object' && value !== null) {
      const holder = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(holder).map(([k, v]) => [k, isOthersScreen(k, holder) ? v && {} : walk(v, k, isSafe(k, holder))]),
      );
    }
    // Kept in part: what they say of things stays, what they say of a person goes.
    if (typeof value === 'string' && key !== null) {
      if (CONVERSATION_KEYS.has(key)) return pseudonym(value);
      if (key === 'path') return maskPath(value);
      if (safe && key === 'message') return maskEcho(value);
    }
    return safe ? value : maskLeaf(key, value);
  };
  return (value) => walk(value, null, false);
};

/**
 * A deep copy that can be shared: every value whose key is not on the allow-list is masked
 * (text to its shape, numbers to 0); booleans, null and the keys of objects stay. Paths and
 * the shop's sentences lose what they echo of the visitor's typing; conversation ids become
 * `conversation-N`.
 */
export const redact = (value: unknown): unknown => createRedactor()(value);
