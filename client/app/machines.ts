import { fromPromise } from 'xstate';
import type {
  LoginBody,
  LoginResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  RegisterBody,
  RegisterResponse,
} from '../../contracts/user.ts';
import { authMachine, type SessionResponse } from '../../machines/auth/auth.machine.ts';
import { otherTabsActor, type ChannelLike } from '../../machines/auth/other-tabs.ts';
import { cartMachine } from '../../machines/cart/cart.machine.ts';
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

/** The auth machine with its real effects: the BFF's session routes and the other tabs. */
export const liveAuthMachine = authMachine.provide({
  actors: {
    // The API's own answer through the proxy: who the browser's session cookie belongs to.
    fetchSession: fromPromise<SessionResponse, void>(({ signal }) => api.get('/api/session', { signal })),
    otherTabs: browserTabs,
    login: fromPromise<LoginResponse, LoginBody>(({ input, signal }) => api.post('/api/users/login', input, { signal })),
    register: fromPromise<RegisterResponse, RegisterBody>(({ input, signal }) => api.post('/api/users/register', input, { signal })),
    logout: fromPromise<void, void>(({ signal }) => api.get('/api/logout', { signal })),
    updateProfile: fromPromise<ProfileUpdateResponse, ProfileUpdateBody>(({ input, signal }) => api.put('/api/users/profile', input, { signal })),
  },
});

export const liveCartMachine = cartMachine;
