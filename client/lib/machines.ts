import { fromPromise } from 'xstate';
import type {
  LoginBody,
  LoginResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  RegisterBody,
  RegisterResponse,
} from '#contracts/user.ts';
import { authMachine, type SessionQuery, type SessionResponse } from '#machines/auth/auth.machine.ts';
import { otherTabsActor, type ChannelLike } from '#machines/auth/other-tabs.ts';
import { cartMachine, type ProductNow } from '#machines/cart/cart.machine.ts';
import type { CartItem } from '#contracts/order.ts';
import { withPlantedBug } from '#machines/shared/planted-bug.ts';
import { fetchCurrent } from './products-now.ts';
import { readPageSettings } from './kiosk-entry.ts';
import { api } from './api.ts';

/** The other tabs of this browser: their broadcasts, and their writes to local storage. */
const browserTabs = otherTabsActor({
  openChannel: typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name) as ChannelLike,
  listenStorage: (listener) => {
    const onStorage = (e: StorageEvent) => listener(e.key);
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
});

/**
 * Whether this page was served without a session cookie (the BFF's
 * `<meta name="statefront-session" content="none">`): the auth machine's input `servedToGuest`,
 * which only its first restore trusts. Read once per page, at start-up (client/main.tsx).
 */
export const pageServedToGuest = (): boolean =>
  typeof document !== 'undefined' && document.querySelector('meta[name="statefront-session"][content="none"]') !== null;

/** GET /api/session, unless the machine says the page was served without a session: then the 401 it would answer. */
const askSession = ({ servedToGuest }: SessionQuery, signal: AbortSignal): Promise<SessionResponse> =>
  servedToGuest
    ? // A guest's first visit need not ask: no 401 in the console (Lighthouse counts it).
      Promise.reject({ status: 401, message: 'Please log in first' })
    : api.get('/api/session', { signal });

/**
 * The event a test shop's PLANTED_BUG breaks (bff/http/page-settings.ts): the machines below then
 * ignore it. Read by hand, as the order limit is: this module is in the first load.
 */
const plantedBug = (): string | undefined => {
  const value = typeof document === 'undefined' ? undefined : (readPageSettings() as { plantedBug?: unknown } | undefined)?.plantedBug;
  return typeof value === 'string' ? value : undefined;
};

/** The auth machine with its real effects: the BFF's session routes and the other tabs. */
export const liveAuthMachine = withPlantedBug(
  authMachine.provide({
    actors: {
      // The API's own answer through the proxy: who the browser's session cookie belongs to.
      fetchSession: fromPromise<SessionResponse, SessionQuery>(({ input, signal }) => askSession(input, signal)),
      otherTabs: browserTabs,
      login: fromPromise<LoginResponse, LoginBody>(({ input, signal }) => api.post('/api/users/login', input, { signal })),
      register: fromPromise<RegisterResponse, RegisterBody>(({ input, signal }) => api.post('/api/users/register', input, { signal })),
      logout: fromPromise<void, void>(({ signal }) => api.get('/api/logout', { signal })),
      updateProfile: fromPromise<ProfileUpdateResponse, ProfileUpdateBody>(({ input, signal }) =>
        api.put('/api/users/profile', input, { signal }),
      ),
    },
  }),
  plantedBug(),
);

/** The cart with its real effect: the cart page's check of every line against the server's product. */
export const liveCartMachine = withPlantedBug(
  cartMachine.provide({
    actors: {
      checkStock: fromPromise<ProductNow[], { items: CartItem[] }>(async ({ input, signal }) =>
        (await fetchCurrent(input.items, signal)).map(({ item, product }) => ({
          productID: item.productID,
          product: product && { name: product.name, price: product.price, count: product.count },
        })),
      ),
    },
  }),
  plantedBug(),
);
