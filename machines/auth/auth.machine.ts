import { assign, emit, setup } from 'xstate';
import type { LoginBody, LoginResponse, ProfileUpdateBody, ProfileUpdateResponse, RegisterBody, RegisterResponse, UserInfo } from '../../contracts/user.ts';
import { fieldOf, messageOf, missingPromise, statusOf, type ApiError } from '../shared/actors.ts';
import { storageRef, type StorageLike, type StorageRef } from '../shared/storage.ts';
import { clearUser, readUser, writeUser } from './user-storage.ts';

export type AuthInput = { local: StorageLike; session: StorageLike };
/** `errorField`: the form field the error belongs beside (the profile's `currentPassword`), else null. */
export type AuthContext = {
  userInfo: UserInfo | null;
  error: string | null;
  errorField: string | null;
  notice: string | null;
  local: StorageRef;
  session: StorageRef;
};
export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string; doNotLogout: boolean }
  | { type: 'auth.register'; name: string; lastName: string; email: string; password: string }
  | { type: 'auth.logout' }
  | { type: 'auth.updateProfile'; body: ProfileUpdateBody }
  | { type: 'auth.unauthorized' }
  | { type: 'auth.storageChanged' };
export type AuthEmitted = { type: 'auth.loggedOut' } | { type: 'auth.loggedIn'; userInfo: UserInfo };
export type { ApiError };

export const AUTH_TEXTS = {
  wrongCredentials: 'Wrong credentials',
  userExists: 'User with that email already exists!',
  somethingWrong: 'Something went wrong',
  userCreated: 'User created',
  userUpdated: 'User updated',
} as const;

const messageOr = (error: unknown) => messageOf(error, AUTH_TEXTS.somethingWrong);

/**
 * A refused profile update: the spec's 'Something went wrong', except a refused current
 * password, whose message the form shows beside that field (the shopper can act on it).
 */
const profileFailure = (error: unknown): Pick<AuthContext, 'error' | 'errorField'> =>
  statusOf(error) === 400 && fieldOf(error) === 'currentPassword'
    ? { error: messageOr(error), errorField: 'currentPassword' }
    : { error: AUTH_TEXTS.somethingWrong, errorField: null };

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
  },
  actions: {
    resetMessages: assign({ error: null, errorField: null, notice: null }),
    storeUser: ({ context }, user: UserInfo) => writeUser(context.local, context.session, user),
    forgetUser: ({ context }) => clearUser(context.local, context.session),
    reload: assign(({ context }) => ({ userInfo: readUser(context.local, context.session) })),
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
    return { userInfo: readUser(local, session), error: null, errorField: null, notice: null, local, session };
  },
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'hasUser', target: 'loggedIn' }, { target: 'guest' }],
    },
    guest: {
      tags: ['guest'],
      initial: 'idle',
      on: {
        'auth.login': { target: '.loggingIn', actions: 'resetMessages' },
        'auth.register': { target: '.registering', actions: 'resetMessages' },
        'auth.storageChanged': { guard: 'userChangedElsewhere', target: 'resolving', actions: 'reload' },
      },
      states: {
        idle: {},
        failed: { tags: ['error'] },
        loggingIn: {
          tags: ['loading'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'auth.login' }>;
              return { email: e.email, password: e.password, doNotLogout: e.doNotLogout };
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                assign(({ event }) => ({ userInfo: event.output.userLoggedIn })),
                { type: 'storeUser', params: ({ event }) => event.output.userLoggedIn },
                emit(({ event }) => ({ type: 'auth.loggedIn' as const, userInfo: event.output.userLoggedIn })),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ error: statusOf(event.error) === 401 ? AUTH_TEXTS.wrongCredentials : messageOr(event.error) })),
            },
          },
        },
        registering: {
          tags: ['loading'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'auth.register' }>;
              return { name: e.name, lastName: e.lastName, email: e.email, password: e.password };
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                // Spec section 4: a new registration lives in session storage.
                assign(({ event }) => ({ userInfo: { ...event.output.userCreated, doNotLogout: false }, notice: AUTH_TEXTS.userCreated })),
                { type: 'storeUser', params: ({ event }) => ({ ...event.output.userCreated, doNotLogout: false }) },
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
        'auth.unauthorized': { target: 'guest', actions: ['forgetUser', 'resetMessages', assign({ userInfo: null })] },
        'auth.storageChanged': { guard: 'userChangedElsewhere', target: 'resolving', actions: 'reload' },
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
          states: {
            idle: { on: { 'auth.updateProfile': { target: 'updating', actions: 'resetMessages' } } },
            failed: { tags: ['error'], on: { 'auth.updateProfile': { target: 'updating', actions: 'resetMessages' } } },
            updating: {
              tags: ['loading'],
              invoke: {
                id: 'updateProfile',
                src: 'updateProfile',
                input: ({ event }) => (event as Extract<AuthEvent, { type: 'auth.updateProfile' }>).body,
                onDone: {
                  // The answer carries the current role: choose the role region again.
                  target: ['idle', '#auth.loggedIn.role.choosing'],
                  actions: [
                    // The stored place follows the choice made at login.
                    assign(({ context, event }) => ({
                      userInfo: { ...event.output.userUpdated, doNotLogout: context.userInfo?.doNotLogout ?? false },
                      notice: AUTH_TEXTS.userUpdated,
                    })),
                    { type: 'storeUser', params: ({ context, event }) => ({ ...event.output.userUpdated, doNotLogout: context.userInfo?.doNotLogout ?? false }) },
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
      // The user is gone locally at once; the server call only revokes the session.
      entry: ['forgetUser', 'resetMessages', assign({ userInfo: null })],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'guest', actions: emit({ type: 'auth.loggedOut' as const }) },
        onError: { target: 'guest', actions: emit({ type: 'auth.loggedOut' as const }) },
      },
    },
  },
});
