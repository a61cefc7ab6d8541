import type { UserInfo } from '#contracts/user.ts';
import { frozenStorage } from '../shared/storage.ts';
import { assertEqual } from '../testing/assert.ts';
import { createControl, type Control } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { AUTH_TEXTS, type authMachine } from './auth.machine.ts';
import { controlledAuth } from './controlled-auth.ts';

type Event = ModelEvent<typeof authMachine>;

const user: UserInfo = { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };
const admin: UserInfo = { ...user, _id: 'a1', isAdmin: true, doNotLogout: true };
const body = {
  name: 'Anna',
  lastName: 'Lee',
  password: 'secret1',
  phoneNumber: '',
  address: '',
  country: '',
  zipCode: '',
  city: '',
  state: '',
};

const events: Event[] = [
  { type: 'auth.login', email: 'ann@example.com', password: 'secret1', doNotLogout: false },
  { type: 'auth.register', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1' },
  { type: 'auth.logout' },
  { type: 'auth.updateProfile', body },
  { type: 'auth.profileOpened' },
  { type: 'auth.formOpened' },
  { type: 'auth.unauthorized' },
  { type: 'auth.storageChanged' },
  { type: 'auth.elsewhere.loggedOut' },
  { type: 'auth.elsewhere.user', userInfo: user },
  {
    type: 'xstate.done.actor.fetchSession',
    output: { user: { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false } },
  },
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

/** Spec sections 4 and 8: who is logged in after each event, and the texts shown. */
const checkWith =
  (control: Control): ModelCheck<typeof authMachine> =>
  (before, event, after) => {
    const ctx = after.context;
    // Only the page's first restore may answer "no session" without asking: its fetchSession is told so, then it is forgotten.
    if (before.hasTag('restoring') && !after.hasTag('restoring')) {
      assertEqual(
        control.started.findLast((s) => s.id === 'fetchSession')?.input,
        { servedToGuest: before.context.servedToGuest },
        'fetchSession asked with the page mark',
      );
      assertEqual(ctx.servedToGuest, false, 'a later restore asks the BFF');
    }
    assertEqual(
      after.hasTag('guest'),
      ctx.userInfo === null && !after.hasTag('loggedIn') && !after.matches('loggingOut') && !after.hasTag('restoring'),
      'guest exactly when nobody is logged in',
    );
    // While the server is asked, the header shows neither Login/Register nor a name.
    if (after.hasTag('restoring'))
      assertEqual([after.hasTag('guest'), after.hasTag('loggedIn'), ctx.userInfo], [false, false, null], 'restoring shows nobody');
    if (event.type === 'xstate.done.actor.fetchSession')
      assertEqual(ctx.userInfo, { ...event.output.user, doNotLogout: false }, 'the session user is restored into session storage');
    if (event.type === 'auth.elsewhere.loggedOut') assertEqual(ctx.userInfo, null, 'a logout in another tab logs this one out');
    // A tab waiting for its own login or logout answer lets that answer decide.
    const asking = before.matches('loggingOut') || before.matches({ guest: 'loggingIn' }) || before.matches({ guest: 'registering' });
    if (event.type === 'auth.elsewhere.user' && !asking)
      assertEqual(ctx.userInfo, event.userInfo, 'a login in another tab shows that user here');
    assertEqual(after.hasTag('admin'), ctx.userInfo?.isAdmin === true, 'admin tag follows isAdmin');
    if (event.type === 'xstate.error.actor.login') {
      assertEqual(ctx.error, event.error.status === 401 ? AUTH_TEXTS.wrongCredentials : 'Server down', 'login error text');
    }
    if (event.type === 'xstate.error.actor.register') assertEqual(ctx.error, AUTH_TEXTS.userExists, 'register error text');
    if (event.type === 'xstate.done.actor.register') assertEqual(ctx.notice, AUTH_TEXTS.userCreated, 'register notice');
    if (event.type === 'xstate.error.actor.updateProfile') assertEqual(ctx.error, AUTH_TEXTS.somethingWrong, 'profile error text');
    // The profile page shows the outcome of an update sent from it only: opening it clears an older one.
    if (event.type === 'auth.profileOpened' && !after.matches({ loggedIn: { profile: 'updating' } }))
      assertEqual([ctx.notice, ctx.error, after.hasTag('error')], [null, null, false], 'the profile page opens without an older outcome');
    // The login and register forms show the refusal of a send from them only: opening one clears an older one.
    if (event.type === 'auth.formOpened' && before.hasTag('guest') && !before.hasTag('loading'))
      assertEqual([ctx.error, after.hasTag('error')], [null, false], 'a login or register form opens without an older refusal');
    if (event.type === 'auth.logout' || event.type === 'auth.unauthorized')
      assertEqual(ctx.userInfo, null, 'logout and 401 clear userInfo');
  };

const who = (u: UserInfo | null | undefined) => (u?.isAdmin ? 'an admin' : 'a shopper');

/** The test plan's sentences (docs/machines/auth.plan.md). */
const describe: ModelPlan<typeof authMachine> = {
  states: {
    resolving: 'the stored login is being read',
    restoring: 'the tab asks the BFF whether a session exists',
    'guest.idle': ({ context }) => (context.notice ? `nobody is logged in ("${context.notice}")` : 'nobody is logged in'),
    'guest.failed': ({ context }) => `nobody is logged in and "${context.error}" is shown`,
    'guest.loggingIn': 'the login is being checked',
    'guest.registering': 'the registration is being sent',
    'loggedIn.role.choosing': '',
    'loggedIn.role.user': ({ context }) => `${context.userInfo?.name} is logged in as a shopper`,
    'loggedIn.role.admin': ({ context }) => `${context.userInfo?.name} is logged in as an admin`,
    'loggedIn.profile.idle': ({ context }) => (context.notice ? `"${context.notice}" is shown` : ''),
    'loggedIn.profile.failed': ({ context }) => `the profile form shows "${context.error}"`,
    'loggedIn.profile.updating': 'the profile is being saved',
    loggingOut: 'the user is logged out while the server ends the session',
  },
  events: {
    'auth.login': (e) => `the visitor logs in as ${e.email}${e.doNotLogout ? ' (Do not logout)' : ''}`,
    'auth.register': (e) => `the visitor registers as ${e.name} ${e.lastName} <${e.email}>`,
    'auth.logout': 'the user logs out',
    'auth.updateProfile': (e) => `the user saves the profile with the name ${e.body.name}`,
    'auth.profileOpened': 'the user opens the profile page',
    'auth.formOpened': 'the visitor opens the login or register form',
    'auth.unauthorized': 'a call answers 401',
    'auth.storageChanged': 'another tab changes the stored login',
    'auth.elsewhere.user': (e) => `another tab logs in ${e.userInfo.name} as ${who(e.userInfo)}`,
    'auth.elsewhere.loggedOut': 'another tab logs out',
    'xstate.done.actor.fetchSession': (e) => (e.output.user ? `the BFF has a session of ${who(e.output.user)}` : 'the BFF has no session'),
    'xstate.error.actor.fetchSession': (e) => `the BFF answers ${e.error.status}`,
    'xstate.done.actor.login': (e) => `the server accepts the login of ${who(e.output.userLoggedIn)}`,
    'xstate.error.actor.login': (e) => `the server refuses the login (${e.error.status})`,
    'xstate.done.actor.register': 'the server creates the user',
    'xstate.error.actor.register': (e) => `the server refuses the registration (${e.error.status})`,
    'xstate.done.actor.logout': 'the server ends the session',
    'xstate.error.actor.logout': 'the logout call fails',
    'xstate.done.actor.updateProfile': 'the server saves the profile',
    'xstate.error.actor.updateProfile': (e) => `the server refuses the profile (${e.error.status})`,
  },
};

export const authModel = (): ModelSpec<typeof authMachine> => {
  const control = createControl();
  return {
    name: 'auth',
    machine: controlledAuth(control),
    control,
    // Empty storages (in a page served with or without a session), and another tab's admin login
    // in local storage (start-up and storageChanged find it).
    inputs: [
      () => ({ local: frozenStorage(), session: frozenStorage() }),
      () => ({ local: frozenStorage(), session: frozenStorage(), servedToGuest: true }),
      () => ({ local: frozenStorage({ userInfo: JSON.stringify(admin) }), session: frozenStorage() }),
    ],
    events,
    select: (ctx) => ({ userInfo: ctx.userInfo, error: ctx.error, notice: ctx.notice, servedToGuest: ctx.servedToGuest }),
    check: checkWith(control),
    describe,
  };
};
