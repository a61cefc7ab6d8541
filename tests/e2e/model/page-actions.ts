import type { Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { AUTH_TEXTS } from '#machines/auth/auth.machine.ts';
import { submitLogin } from '../support/journeys.ts';
import { account, expect } from '../support/shop.ts';
import type { LoginAs, PageActionEvent } from './page-action-events.ts';

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

/** An address no account has: the shop refuses it as it refused the shopper's wrong password. */
const NOBODY = { email: 'nobody-replayed@example.com', password: 'not-the-password' };

/**
 * The checkout page (Proceed To Checkout's target), opened in the app when the page is elsewhere,
 * once it offers Place order: a report's checkout step is replayed only from there (page-action-events.ts).
 */
const readyCheckout = async (page: Page) => {
  await navigate(page, '/user/cart-details');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
};

/** What the action needs of the report besides the event: whom a login logs in as. */
export type ActionInput = { as?: LoginAs | null };

/**
 * What a shopper does on the page to send a machine each of these events: the cart browser model's
 * steps (cart-model.spec.ts) and the specs written from problem reports (report-replay.ts) both
 * perform them. Each only acts; what the page shows after is the caller's to check. An event
 * missing here (and from PAGE_ACTION_EVENTS) has no page action: a report's spec replays it at the machine level.
 */
export const PAGE_ACTIONS: Record<PageActionEvent, (page: Page, event: AnyEventObject, input?: ActionInput) => Promise<unknown>> = {
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
  // The report masks the shopper's address and password: the model's account of the same role logs in.
  'auth.login': async (page, event, { as } = {}) => {
    if ((await page.getByLabel('Password', { exact: true }).count()) === 0) await navigate(page, '/login');
    const who = as === 'nobody' ? NOBODY : account(as === 'admin' ? 'admin' : 'user');
    return submitLogin(page, who, event.doNotLogout === true);
  },
  // A user logs out from the "First Last" menu of the header, an admin from the admin side menu.
  'auth.logout': async (page) => {
    const userMenu = page.locator('header summary');
    if ((await userMenu.count()) > 0) {
      await userMenu.click();
      return page.getByRole('button', { name: 'Logout' }).click();
    }
    await navigate(page, '/admin/orders');
    return page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  },
  'checkout.setPaymentMethod': async (page, event) => {
    await readyCheckout(page);
    return page.getByLabel('Choose how you pay').selectOption(String(event.method));
  },
  'checkout.placeOrder': async (page) => {
    await readyCheckout(page);
    return page.getByRole('button', { name: 'Place order' }).click();
  },
};

/**
 * What the shopper sees once the shop has answered an action, before acting again: the page a
 * login or logout leads to, the order a placed order opens. A report's spec waits for it after
 * the action's states are checked, so that its next step does not race the page's own navigation.
 */
export const PAGE_OUTCOMES: Partial<
  Record<PageActionEvent, (page: Page, input: ActionInput & { settles: string | null }) => Promise<unknown>>
> = {
  'auth.login': async (page, { as }) => {
    if (as === 'nobody') return expect(page.getByRole('alert').filter({ hasText: AUTH_TEXTS.wrongCredentials })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true }), 'the login form, gone once the shop lets the model account in').toHaveCount(
      0,
    );
    return expect(page).not.toHaveURL(/\/login$/);
  },
  'auth.logout': (page) => expect(page).toHaveURL(/\/login$/),
  'checkout.placeOrder': async (page, { settles }) => {
    if (settles === 'placed') await expect(page).toHaveURL(/\/user\/order-details\/[^/]+$/);
  },
};
