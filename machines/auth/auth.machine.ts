import { assertEvent, assign, emit, sendTo, setup } from 'xstate';
import type {
  LoginBody,
  LoginResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  RegisterBody,
  RegisterResponse,
  UserInfo,
} from '#contracts/user.ts';
import { missingCallback, missingPromise, statusOf, type ApiError } from '../shared/actors.ts';
import { storageRef, type StorageLike, type StorageRef } from '../shared/storage.ts';
import type { OtherTabsCommand, OtherTabsEvent, TabMessage } from './other-tabs.ts';
import { AUTH_TEXTS, messageOr, profileFailure, updatedUser } from './profile-update.ts';
import { clearUser, readUser, writeUser } from './user-storage.ts';

/** GET /api/session's answer (api/components/users/session-routes.ts): the session's user. */
export type SessionResponse = { user: UserInfo };

/**
 * `servedToGuest`: the page was served without a session cookie (the BFF's guest mark). Only the
 * first restore may trust it (its fetchSession answers 401 without asking); later restores (a
 * kiosk's next shopper, another tab's logout) ask, as the page is older by then.
 */
export type AuthInput = { local: StorageLike; session: StorageLike; servedToGuest?: boolean };
/** What fetchSession is asked with: whether it may answer "no session" without asking the BFF. */
export type SessionQuery = { servedToGuest: boolean };
/** `errorField`: the form field the error belongs beside (the profile's `currentPassword`), else null. */
export type AuthContext = {
  userInfo: UserInfo | null;
  error: string | null;
  errorField: string | null;
  notice: string | null;
  servedToGuest: boolean;
  local: StorageRef;
  session: StorageRef;
};
export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string; doNotLogout: boolean }
  | { type: 'auth.register'; name: string; lastName: string; email: string; password: string }
  | { type: 'auth.logout' }
  | { type: 'auth.updateProfile'; body: ProfileUpdateBody }
  /** The profile page opens: what it shows is the outcome of an update sent from it, not an older one. */
  | { type: 'auth.profileOpened' }
  /** The login or register form opens: the refusal it shows is of a send from it, not another form's. */
  | { type: 'auth.formOpened' }
  | { type: 'auth.unauthorized' }
  | OtherTabsEvent;
export type AuthEmitted = { type: 'auth.loggedOut' } | { type: 'auth.loggedIn'; userInfo: UserInfo };
export { AUTH_TEXTS };
export type { ApiError };

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    login: missingPromise<LoginResponse, LoginBody>('login'),
    register: missingPromise<RegisterResponse, RegisterBody>('register'),
    logout: missingPromise<void>('logout'),
    updateProfile: missingPromise<ProfileUpdateResponse, ProfileUpdateBody>('updateProfile'),
    fetchSession: missingPromise<SessionResponse, SessionQuery>('fetchSession'),
    otherTabs: missingCallback<OtherTabsCommand>(),
  },
  actions: {
    resetMessages: assign({ error: null, errorField: null, notice: null }),
    storeUser: ({ context }, user: UserInfo) => writeUser(context.local, context.session, user),
    forgetUser: ({ context }) => clearUser(context.local, context.session),
    reload: assign(({ context }) => ({ userInfo: readUser(context.local, context.session) })),
    showUser: assign((_, user: UserInfo) => ({ userInfo: user, error: null, errorField: null })),
    dropUser: assign({ userInfo: null, error: null, errorField: null, notice: null }),
    tell: sendTo('otherTabs', (_, message: TabMessage): OtherTabsCommand => ({ type: 'tabs.tell', message })),
  },
  guards: {
    hasUser: ({ context }) => context.userInfo !== null,
    isAdmin: ({ context }) => context.userInfo?.isAdmin === true,
    userChangedElsewhere: ({ context }) => JSON.stringify(readUser(context.local, context.session)) !== JSON.stringify(context.userInfo),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => {
    const local = storageRef(input.local, 'localStorage');
    const session = storageRef(input.session, 'sessionStorage');
    const servedToGuest = input.servedToGuest ?? false;
    return { userInfo: readUser(local, session), error: null, errorField: null, notice: null, servedToGuest, local, session };
  },
  // The other tabs share this browser's one session cookie: what they do arrives here as events.
  invoke: { id: 'otherTabs', src: 'otherTabs' },
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'hasUser', target: 'loggedIn' }, { target: 'restoring' }],
    },
    // Nothing stored in this tab (a new tab, or another tab's storage emptied): the BFF's
    // session cookie is shared by every tab, so ask it who is logged in before showing anybody.
    restoring: {
      tags: ['loading', 'restoring'],
      exit: assign({ servedToGuest: false }),
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        input: ({ context }) => ({ servedToGuest: context.servedToGuest }),
        onDone: {
          target: 'loggedIn',
          // Spec section 4: without "Do not logout" the user lives in this tab's session storage.
          actions: [
            { type: 'showUser', params: ({ event }) => ({ ...event.output.user, doNotLogout: false }) },
            { type: 'storeUser', params: ({ event }) => ({ ...event.output.user, doNotLogout: false }) },
          ],
        },
        // A 401 (no session) or no answer: a guest, whom the guard shows the login form.
        onError: { target: 'guest' },
      },
      on: {
        // A login or registration sent before the answer came (a form already on screen) is not lost.
        'auth.login': { target: 'guest.loggingIn', actions: 'resetMessages' },
        'auth.register': { target: 'guest.registering', actions: 'resetMessages' },
        'auth.elsewhere.user': {
          target: 'loggedIn',
          actions: [
            { type: 'showUser', params: ({ event }) => event.userInfo },
            { type: 'storeUser', params: ({ event }) => event.userInfo },
          ],
        },
        'auth.elsewhere.loggedOut': { target: 'guest' },
      },
    },
    guest: {
      tags: ['guest'],
      initial: 'idle',
      on: {
        'auth.login': { target: '.loggingIn', actions: 'resetMessages' },
        'auth.register': { target: '.registering', actions: 'resetMessages' },
        'auth.storageChanged': { guard: 'userChangedElsewhere', target: 'resolving', actions: 'reload' },
        // Another tab logged in: the cookie is that user's now, so this tab shows them too.
        'auth.elsewhere.user': {
          target: 'loggedIn',
          actions: [
            { type: 'showUser', params: ({ event }) => event.userInfo },
            { type: 'storeUser', params: ({ event }) => event.userInfo },
          ],
        },
      },
      states: {
        idle: {},
        // Login and register share this refusal: the form that opens next clears it.
        failed: { tags: ['error'], on: { 'auth.formOpened': { target: 'idle', actions: 'resetMessages' } } },
        loggingIn: {
          tags: ['loading'],
          // This tab's own answer comes last and sets the cookie last: it decides, then tells.
          on: { 'auth.elsewhere.user': {} },
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password, doNotLogout: event.doNotLogout };
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                assign(({ event }) => ({ userInfo: event.output.userLoggedIn })),
                { type: 'storeUser', params: ({ event }) => event.output.userLoggedIn },
                { type: 'tell', params: ({ event }) => ({ type: 'user' as const, userInfo: event.output.userLoggedIn }) },
                emit(({ event }) => ({ type: 'auth.loggedIn' as const, userInfo: event.output.userLoggedIn })),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({
                error: statusOf(event.error) === 401 ? AUTH_TEXTS.wrongCredentials : messageOr(event.error),
              })),
            },
          },
        },
        registering: {
          tags: ['loading'],
          on: { 'auth.elsewhere.user': {} },
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'auth.register');
              return { name: event.name, lastName: event.lastName, email: event.email, password: event.password };
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                // Spec section 4: a new registration lives in session storage.
                assign(({ event }) => ({ userInfo: { ...event.output.userCreated, doNotLogout: false }, notice: AUTH_TEXTS.userCreated })),
                { type: 'storeUser', params: ({ event }) => ({ ...event.output.userCreated, doNotLogout: false }) },
                {
                  type: 'tell',
                  params: ({ event }) => ({ type: 'user' as const, userInfo: { ...event.output.userCreated, doNotLogout: false } }),
                },
                emit(({ event }) => ({ type: 'auth.loggedIn' as const, userInfo: { ...event.output.userCreated, doNotLogout: false } })),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ error: statusOf(event.error) === 409 ? AUTH_TEXTS.userExists : messageOr(event.error) })),
            },
          },
        },
      },
    },
    loggedIn: {
      tags: ['loggedIn'],
      type: 'parallel',
      on: {
        'auth.logout': { target: 'loggingOut' },
        // A 401 means the browser's one session is gone: every tab is logged out with it.
        'auth.unauthorized': { target: 'guest', actions: ['forgetUser', 'dropUser', { type: 'tell', params: { type: 'loggedOut' } }] },
        'auth.storageChanged': { guard: 'userChangedElsewhere', target: 'resolving', actions: 'reload' },
        // Another tab logged out: stay on this page; the guard shows the login form in place.
        'auth.elsewhere.loggedOut': { target: 'guest', actions: ['forgetUser', 'dropUser'] },
        // Another tab logged in as someone (else), or changed the name: show who the cookie is now.
        'auth.elsewhere.user': {
          target: '.role.choosing',
          actions: [
            { type: 'showUser', params: ({ event }) => event.userInfo },
            { type: 'storeUser', params: ({ event }) => event.userInfo },
          ],
        },
      },
      states: {
        role: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'isAdmin', target: 'admin' }, { target: 'user' }] },
            user: {},
            admin: { tags: ['admin'] },
          },
        },
        profile: {
          initial: 'idle',
          // The profile page opening clears an older outcome; an update still running was sent from it, so its outcome shows.
          states: {
            idle: {
              on: {
                'auth.updateProfile': { target: 'updating', actions: 'resetMessages' },
                'auth.profileOpened': { actions: 'resetMessages' },
              },
            },
            failed: {
              tags: ['error'],
              on: {
                'auth.updateProfile': { target: 'updating', actions: 'resetMessages' },
                'auth.profileOpened': { target: 'idle', actions: 'resetMessages' },
              },
            },
            updating: {
              tags: ['loading'],
              invoke: {
                id: 'updateProfile',
                src: 'updateProfile',
                input: ({ event }) => {
                  assertEvent(event, 'auth.updateProfile');
                  return event.body;
                },
                onDone: {
                  // The answer carries the current role: choose the role region again.
                  target: ['idle', '#auth.loggedIn.role.choosing'],
                  actions: [
                    assign(({ context, event }) => ({
                      userInfo: updatedUser(context.userInfo, event.output),
                      notice: AUTH_TEXTS.userUpdated,
                    })),
                    { type: 'storeUser', params: ({ context, event }) => updatedUser(context.userInfo, event.output) },
                    // The other tabs' headers show the new name too.
                    {
                      type: 'tell',
                      params: ({ context, event }) => ({ type: 'user' as const, userInfo: updatedUser(context.userInfo, event.output) }),
                    },
                  ],
                },
                onError: { target: 'failed', actions: assign(({ event }) => profileFailure(event.error)) },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      tags: ['loading'],
      // The user is gone locally at once, in every tab; the server call only revokes the session.
      entry: ['forgetUser', 'dropUser', { type: 'tell', params: { type: 'loggedOut' } }],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'guest', actions: emit({ type: 'auth.loggedOut' as const }) },
        onError: { target: 'guest', actions: emit({ type: 'auth.loggedOut' as const }) },
      },
    },
  },
});
