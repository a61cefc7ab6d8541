import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { controlledAuth } from '#machines/auth/controlled-auth.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';

/** Who the server answers with: the demo accounts (api/db/seed/people.ts) and a new registration. */
export const E2E_USERS = {
  john: { _id: 'john', name: 'John', lastName: 'Doe', email: 'john@doe.com', isAdmin: false, doNotLogout: false },
  admin: { _id: 'admin', name: 'Admin', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false },
  newcomer: { _id: 'new', name: 'Ann', lastName: 'Model', email: 'ann.model@example.com', isAdmin: false },
} satisfies Record<string, UserInfo>;

/** The newcomer's profile change: a new first name (the password is required by the form, kept the same). */
export const UPDATED: UserInfo = { ...E2E_USERS.newcomer, name: 'Annie' };
export const NEWCOMER_PASSWORD = 'secret123';
const PROFILE = {
  name: '',
  lastName: E2E_USERS.newcomer.lastName,
  password: NEWCOMER_PASSWORD,
  phoneNumber: '',
  address: '',
  country: '',
  zipCode: '',
  city: '',
  state: '',
};

/**
 * What the browser does for each generated event. The user's event (auth.login, auth.logout, ...)
 * carries no outcome: the server's answer that follows in the path (the actor's done or error
 * event) says which credentials the browser types or which failure it makes, so the real
 * server answers the same way. The browser acts on that answer's step.
 */
export type AuthAction =
  | 'login-john'
  | 'login-admin'
  | 'login-wrong'
  | 'register-new'
  | 'register-taken'
  | 'logout'
  | 'logout-offline'
  | 'update-profile'
  | 'update-profile-fails'
  | 'open-profile'
  | 'open-other-form';
export const actionOf = (event: AnyEventObject): AuthAction | null => {
  const output = (event as { output?: { userLoggedIn?: UserInfo } }).output;
  switch (event.type) {
    case 'xstate.done.actor.login':
      return output?.userLoggedIn?.isAdmin ? 'login-admin' : 'login-john';
    case 'xstate.error.actor.login':
      return 'login-wrong';
    case 'xstate.done.actor.register':
      return 'register-new';
    case 'xstate.error.actor.register':
      return 'register-taken';
    case 'xstate.done.actor.logout':
      return 'logout';
    case 'xstate.error.actor.logout':
      return 'logout-offline';
    case 'xstate.done.actor.updateProfile':
      return 'update-profile';
    case 'xstate.error.actor.updateProfile':
      return 'update-profile-fails';
    case 'auth.profileOpened':
      return 'open-profile';
    case 'auth.formOpened':
      return 'open-other-form';
    default:
      return null; // the request that the next step answers, or the logout call's answer
  }
};

/** A fresh browser holds no session cookie: a new visitor's first question is answered "none". */
export const NO_SESSION = { type: 'xstate.error.actor.fetchSession', error: { status: 401, message: 'Please log in first' } } as const;
/** The server still knows the session (after a login, or a logout that never reached it). */
export const sessionOf = (user: UserInfo) => ({ type: 'xstate.done.actor.fetchSession', output: { user } }) as const;

const byState = (s: AnyMachineSnapshot): AnyEventObject[] => {
  if (s.matches('restoring')) return [NO_SESSION];
  if (s.matches({ guest: 'loggingIn' }))
    return [
      { type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: E2E_USERS.john } },
      { type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: E2E_USERS.admin } },
      { type: 'xstate.error.actor.login', error: { status: 401, message: 'wrong credentials' } },
    ];
  if (s.matches({ guest: 'registering' }))
    return [
      { type: 'xstate.done.actor.register', output: { success: 'User created', userCreated: E2E_USERS.newcomer } },
      { type: 'xstate.error.actor.register', error: { status: 409, message: 'user exists' } },
    ];
  if (s.matches('guest'))
    return [
      // A refused login or register: the visitor goes to the other form, which opens without that refusal.
      ...(s.matches({ guest: 'failed' }) ? [{ type: 'auth.formOpened' }] : []),
      { type: 'auth.login', email: '(from the answer)', password: '(from the answer)', doNotLogout: false },
      {
        type: 'auth.register',
        name: E2E_USERS.newcomer.name,
        lastName: E2E_USERS.newcomer.lastName,
        email: '(from the answer)',
        password: '(from the answer)',
      },
    ];
  // The failures are made in the browser (the spec answers those requests with an error itself).
  if (s.matches('loggingOut'))
    return [
      { type: 'xstate.done.actor.logout', output: undefined },
      { type: 'xstate.error.actor.logout', error: { status: 0, message: 'Failed to fetch' } },
    ];
  if (s.matches({ loggedIn: { profile: 'updating' } }))
    return [
      { type: 'xstate.done.actor.updateProfile', output: { success: 'user updated', userUpdated: UPDATED } },
      { type: 'xstate.error.actor.updateProfile', error: { status: 500, message: 'Internal Server Error' } },
    ];
  // Only the account this run created changes its profile (and so its password): the demo accounts stay as seeded.
  if (s.matches('loggedIn') && (s.context as { userInfo: UserInfo | null }).userInfo?._id === E2E_USERS.newcomer._id)
    return [
      { type: 'auth.logout' },
      { type: 'auth.updateProfile', body: { ...PROFILE, name: UPDATED.name } },
      { type: 'auth.profileOpened' },
    ];
  if (s.matches('loggedIn')) return [{ type: 'auth.logout' }];
  return [];
};

/** The auth machine with what a visitor can do in the browser: log in right or wrong, register new or taken, log out. */
export const authE2eModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'auth (e2e)',
    machine: controlledAuth(control),
    control,
    input: () => ({ local: memoryStorage(), session: memoryStorage() }),
    events: byState,
    select: (ctx: { userInfo: UserInfo | null; error: string | null; notice: string | null }) => ({
      userInfo: ctx.userInfo,
      error: ctx.error,
      notice: ctx.notice,
    }),
  };
};

/** One kind per (where the visitor stands, what happens): e.g. "a wrong login after a failed register". */
export const authStepKey = ({ event, before }: E2eStep): string => {
  const ctx = before.context as { userInfo: UserInfo | null; error: string | null };
  return `${JSON.stringify(before.value)} admin=${ctx.userInfo?.isAdmin ?? '-'} error=${ctx.error ?? '-'} ${actionOf(event) ?? event.type}`;
};
