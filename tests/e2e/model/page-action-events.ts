/**
 * The events a shopper causes that page-actions.ts can cause again, by type. Apart from the actions
 * themselves (which need the browser's types), so that the report spec's writer, a Node script, can read it.
 */
export const PAGE_ACTION_EVENTS = [
  'cart.add',
  'cart.setQuantity',
  'cart.askRemove',
  'cart.confirmRemove',
  'cart.dismissRemove',
  'auth.login',
  'auth.logout',
  'checkout.setPaymentMethod',
  'checkout.placeOrder',
] as const;
export type PageActionEvent = (typeof PAGE_ACTION_EVENTS)[number];

export const hasPageAction = (type: string): type is PageActionEvent => (PAGE_ACTION_EVENTS as readonly string[]).includes(type);

/**
 * Whom a replayed login logs in as: the model's account of that role (a report masks the
 * shopper's email and password), or `nobody`, an address no account has, which the shop refuses
 * as it refused the shopper's wrong password.
 */
export type LoginAs = 'user' | 'admin' | 'nobody';

/** What the report recorded around one event: its actor's state before it (as `a.b, a.c`), whether it took it, and for a login, the shop's answer. */
export type Recorded = { before: string; taken?: boolean; as?: LoginAs | null };

/**
 * Why the page cannot cause this recorded event again as the shopper caused it, or null when it
 * can. The test shop answers at once and as itself: an event the shopper sent while a request
 * was out (a second Place order while the prices were checked) has passed by the time a replayed
 * click lands, and the checkout is ready for an order only with the model account's complete profile.
 */
export const whyNotOnPage = (type: PageActionEvent, { before, taken, as }: Recorded): string | null => {
  switch (type) {
    case 'cart.confirmRemove':
    case 'cart.dismissRemove':
      return taken === false ? "not taken: no 'Are you sure?' was open (the cart page sends it as it closes, no click does)" : null;
    case 'auth.login':
      if (!before.startsWith('guest')) return `sent while auth was ${before}: no login form is on the page then`;
      return as ? null : 'the shop answered with neither a user nor a refusal (an outage, or no answer before the report)';
    case 'auth.logout':
      return before.startsWith('loggedIn') ? null : `sent while auth was ${before}: the page offers Logout only to someone logged in`;
    case 'checkout.setPaymentMethod':
    case 'checkout.placeOrder':
      return before === 'open.summary.ready'
        ? null
        : `sent while the checkout was ${before}: the spec sends it only with Place order enabled (the model account's profile is complete, and the test shop answers before a replayed click could land earlier)`;
    default:
      return null;
  }
};
