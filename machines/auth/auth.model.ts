import type { AnyEventObject } from 'xstate';
import type { UserInfo } from '../../contracts/user.ts';
import { frozenStorage } from '../shared/storage.ts';
import { assertEqual } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import { AUTH_TEXTS } from './auth.machine.ts';
import { controlledAuth } from './controlled-auth.ts';

const user: UserInfo = { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };
const admin: UserInfo = { ...user, _id: 'a1', isAdmin: true, doNotLogout: true };
const body = { name: 'Anna', lastName: 'Lee', password: 'secret1', phoneNumber: '', address: '', country: '', zipCode: '', city: '', state: '' };

const events: AnyEventObject[] = [
  { type: 'auth.login', email: 'ann@example.com', password: 'secret1', doNotLogout: false },
  { type: 'auth.register', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1' },
  { type: 'auth.logout' },
  { type: 'auth.updateProfile', body },
  { type: 'auth.unauthorized' },
  { type: 'auth.storageChanged' },
  { type: 'auth.elsewhere.loggedOut' },
  { type: 'auth.elsewhere.user', userInfo: user },
  { type: 'xstate.done.actor.fetchSession', output: { user: { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false } } },
  { type: 'xstate.error.actor.fetchSession', error: { status: 401, message: 'Please log in first' } },
  { type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: user } },
  { type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: admin } },
  { type: 'xstate.error.actor.login', error: { status: 401, message: 'wrong credentials' } },
  { type: 'xstate.error.actor.login', error: { status: 500, message: 'Server down' } },
  { type: 'xstate.done.actor.register', output: { success: 'User created', userCreated: user } },
  { type: 'xstate.error.actor.register', error: { status: 409, message: 'user exists' } },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: { status: 0, message: 'offline' } },
  { type: 'xstate.done.actor.updateProfile', output: { success: 'user updated', userUpdated: { ...user, name: 'Anna' } } },
  { type: 'xstate.error.actor.updateProfile', error: { status: 400, message: 'bad' } },
];

type Ctx = { userInfo: UserInfo | null; error: string | null; notice: string | null };

/** Spec sections 4 and 8: who is logged in after each event, and the texts shown. */
const check: ModelSpec['check'] = (before, event, after) => {
  const ctx = after.context as Ctx;
  assertEqual(after.hasTag('guest'), ctx.userInfo === null && !after.hasTag('loggedIn') && !after.matches('loggingOut') && !after.hasTag('restoring'), 'guest exactly when nobody is logged in');
  // While the server is asked, the header shows neither Login/Register nor a name.
  if (after.hasTag('restoring')) assertEqual([after.hasTag('guest'), after.hasTag('loggedIn'), ctx.userInfo], [false, false, null], 'restoring shows nobody');
  if (event.type === 'xstate.done.actor.fetchSession') assertEqual(ctx.userInfo, { ...(event.output as { user: UserInfo }).user, doNotLogout: false }, 'the session user is restored into session storage');
  if (event.type === 'auth.elsewhere.loggedOut') assertEqual(ctx.userInfo, null, 'a logout in another tab logs this one out');
  // A tab waiting for its own login or logout answer lets that answer decide.
  const asking = ['loggingOut', { guest: 'loggingIn' }, { guest: 'registering' }].some((s) => before.matches(s as never));
  if (event.type === 'auth.elsewhere.user' && !asking) assertEqual(ctx.userInfo, event.userInfo, 'a login in another tab shows that user here');
  assertEqual(after.hasTag('admin'), ctx.userInfo?.isAdmin === true, 'admin tag follows isAdmin');
  if (event.type === 'xstate.error.actor.login') {
    const status = (event.error as { status: number }).status;
    assertEqual(ctx.error, status === 401 ? AUTH_TEXTS.wrongCredentials : 'Server down', 'login error text');
  }
  if (event.type === 'xstate.error.actor.register') assertEqual(ctx.error, AUTH_TEXTS.userExists, 'register error text');
  if (event.type === 'xstate.done.actor.register') assertEqual(ctx.notice, AUTH_TEXTS.userCreated, 'register notice');
  if (event.type === 'xstate.error.actor.updateProfile') assertEqual(ctx.error, AUTH_TEXTS.somethingWrong, 'profile error text');
  if (event.type === 'auth.logout' || event.type === 'auth.unauthorized') assertEqual(ctx.userInfo, null, 'logout and 401 clear userInfo');
};

export const authModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'auth',
    machine: controlledAuth(control),
    control,
    // Empty storages, and another tab's admin login in local storage (start-up and storageChanged find it).
    inputs: [
      () => ({ local: frozenStorage(), session: frozenStorage() }),
      () => ({ local: frozenStorage({ userInfo: JSON.stringify(admin) }), session: frozenStorage() }),
    ],
    events,
    select: (ctx: Ctx) => ({ userInfo: ctx.userInfo, error: ctx.error, notice: ctx.notice }),
    check,
  };
};
