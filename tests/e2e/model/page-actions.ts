import type { Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import type { PageActionEvent } from './page-action-events.ts';

/** In-app navigation, as a link click does: the page (and its machines) stays, only the route changes. */
export const navigate = (page: Page, url: string) =>
  page.evaluate((to) => {
    if (window.location.pathname === to) return;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);

/** The cart page's line of one product, found by its link (a report's events carry the id, not always the name). */
export const cartLine = (page: Page, productID: string) =>
  page
    .getByRole('list', { name: 'Products in your cart' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href$="/product-details/${productID}"]`) });

const question = (page: Page) => page.getByRole('dialog', { name: 'Are you sure?' });

/**
 * What a shopper does on the page to send a machine each of these events: the cart browser model's
 * steps (cart-model.spec.ts) and the specs written from problem reports (report-replay.ts) both
 * perform them. Each only acts; what the page shows after is the caller's to check. An event
 * missing here (and from PAGE_ACTION_EVENTS) has no page action: a report's spec replays it at the machine level.
 */
export const PAGE_ACTIONS: Record<PageActionEvent, (page: Page, event: AnyEventObject) => Promise<unknown>> = {
  'cart.add': async (page, event) => {
    const item = event.item as CartItem;
    await navigate(page, `/product-details/${item.productID}`);
    await page.getByLabel('Quantity', { exact: true }).selectOption(String(item.quantity));
    return page.getByRole('button', { name: 'Add to cart' }).click();
  },
  'cart.setQuantity': async (page, event) => {
    await navigate(page, '/cart');
    return cartLine(page, event.productID as string)
      .getByLabel(/^Quantity of /)
      .selectOption(String(event.quantity));
  },
  'cart.askRemove': async (page, event) => {
    await navigate(page, '/cart');
    return cartLine(page, event.productID as string)
      .getByRole('button', { name: /^Remove / })
      .click();
  },
  'cart.confirmRemove': (page) => question(page).getByRole('button', { name: 'Yes' }).click(),
  'cart.dismissRemove': (page) => question(page).getByRole('button', { name: 'Cancel' }).click(),
};
