/**
 * The events a shopper causes that page-actions.ts can cause again, by type. Apart from the actions
 * themselves (which need the browser's types), so that the report spec's writer, a Node script, can read it.
 */
export const PAGE_ACTION_EVENTS = ['cart.add', 'cart.setQuantity', 'cart.askRemove', 'cart.confirmRemove', 'cart.dismissRemove'] as const;
export type PageActionEvent = (typeof PAGE_ACTION_EVENTS)[number];

export const hasPageAction = (type: string): type is PageActionEvent => (PAGE_ACTION_EVENTS as readonly string[]).includes(type);
