/**
 * What the support view may show of each machine's context (decision 022), declared beside the
 * event log's mask (event-log-mask.ts): the mask says what an exported log keeps, this says
 * what a consenting shopper's screen shows support. A key is `shared`, or shared in part as
 * `key.field` (a signed-in shopper's name, not their e-mail), or `withheld`; every key of every
 * machine is one or the other (support-view-fields.test.ts), so a new field is never shared by
 * accident. Never shared: passwords, PIN digits, card or wallet data, tokens, session and
 * conversation ids, addresses and phones.
 */
export type SupportViewFields = { shared: readonly string[]; withheld: readonly string[] };

/** By machine id. */
export const SUPPORT_VIEW_FIELDS: Readonly<Record<string, SupportViewFields>> = {
  cart: { shared: ['items', 'itemsCount', 'cartSubtotal', 'notes'], withheld: ['storage', 'lastAdded', 'removing'] },
  auth: {
    shared: ['userInfo.name', 'error'],
    withheld: ['errorField', 'notice', 'servedToGuest', 'local', 'session'],
  },
  guard: { shared: ['area', 'status'], withheld: [] },
  passwordReset: { shared: ['error'], withheld: ['token'] },
  checkout: {
    // `slow`: the placement is taking long (`Still working…`), which is what support is asked about.
    shared: ['items', 'itemsCount', 'cartSubtotal', 'paymentMethod', 'error', 'notes', 'priceError', 'slow'],
    withheld: ['userId', 'cart', 'profile', 'orderId', 'idempotencyKey', 'storage'],
  },
  // switchError: the shop's answer when a switch to cash was refused, as the order's error is shown.
  // walletLoaded: the machine's own memory of which way back a refused switch has; its step in words says the rest.
  payment: {
    shared: ['cartSubtotal', 'paymentMethod', 'isPaid', 'switchError'],
    withheld: ['orderId', 'paidAt', 'walletOrderId', 'walletLoaded'],
  },
  order: { shared: ['error'], withheld: ['orderId', 'viewer', 'order'] },
  // The conversation itself is support's already; the rest is the panel's own state.
  customerChat: { shared: [], withheld: ['messages', 'draft', 'sent', 'unread', 'outbox', 'notice'] },
  adminChat: { shared: [], withheld: ['rooms', 'messageReceived', 'names', 'closedAt', 'notice', 'holders', 'me', 'waiting', 'screens'] },
  analytics: { shared: [], withheld: ['today', 'firstDate', 'secondDate', 'first', 'second'] },
  kiosk: {
    shared: ['remaining'],
    withheld: [
      // The accessibility mode's switches (decision 020) say something of the shopper's needs: theirs.
      'access',
      'idleMs',
      'warningMs',
      'handoffMs',
      'retryMs',
      'buildCheckMs',
      'thanksMs',
      'confirmRetryMs',
      'confirmRetryMaxMs',
      'handoff',
      'mounted',
      'reloadWanted',
      'confirmFailures',
      'servedToGuest',
    ],
  },
  pinPad: { shared: [], withheld: ['holdMs', 'idleMs', 'pin', 'message', 'lockMs'] },
  handoffOffer: { shared: ['error'], withheld: ['ttlMs', 'pollMs', 'token', 'expiresAt'] },
  handoffClaim: { shared: ['error'], withheld: ['token', 'cart', 'notes'] },
  fetch: { shared: ['error', 'errorStatus'], withheld: ['url', 'data'] },
  submit: { shared: ['error'], withheld: ['asked'] },
  carousel: { shared: ['index', 'count'], withheld: ['stopped', 'hovered', 'focused'] },
  productImages: {
    shared: ['error'],
    withheld: ['productId', 'images', 'uploads', 'queued', 'host', 'batches', 'deleting'],
  },
  productCreate: { shared: ['error'], withheld: ['files', 'productId', 'uploads', 'queued', 'host'] },
};

/** Whether the declaration covers a context key: shared whole or in part, or withheld. */
export const isDeclared = (fields: SupportViewFields, key: string): boolean =>
  fields.withheld.includes(key) || fields.shared.some((f) => f === key || f.startsWith(`${key}.`));

/**
 * The part of a machine's context the support view may show: only declared fields, and of a
 * field shared in part only the named parts. An undeclared machine shows nothing.
 */
export const shareable = (machineId: string, context: Record<string, unknown>): Record<string, unknown> => {
  const fields = SUPPORT_VIEW_FIELDS[machineId];
  if (!fields) return {};
  const out: Record<string, unknown> = {};
  for (const path of fields.shared) {
    const [key, part] = path.split('.') as [string, string | undefined];
    const value = context[key];
    if (part === undefined) out[key] = value;
    else if (typeof value === 'object' && value !== null) {
      out[key] = { ...(out[key] as object | undefined), [part]: (value as Record<string, unknown>)[part] };
    } else out[key] = null;
  }
  return out;
};
