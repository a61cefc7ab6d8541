import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { memoryStorage } from '../shared/storage.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { controlledAuth } from './controlled-auth.ts';

const user: UserInfo = { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };
const admin: UserInfo = { ...user, _id: 'a1', isAdmin: true };

const start = (local: Record<string, string> = {}, session: Record<string, string> = {}) => {
  const control = createControl();
  const stores = { local: memoryStorage(local), session: memoryStorage(session) };
  const machine = controlledAuth(control);
  const actor = createActor(machine, { input: stores });
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const snap = () => actor.getSnapshot();
  return { actor, control, stores, snap, emitted };
};

/** Nothing stored and the server knows no session: a guest. */
const startGuest = async () => {
  const started = start();
  await started.control.reject('fetchSession', { status: 401, message: 'Please log in first' });
  return started;
};

const login = { type: 'auth.login', email: 'ann@example.com', password: 'secret1', doNotLogout: false } as const;

describe('auth machine', () => {
  it('when nothing is stored and the server knows no session, then it starts as a guest', async () => {
    const { snap } = await startGuest();
    expect(snap().hasTag('guest')).toBe(true);
    expect(snap().context.userInfo).toBeNull();
  });

  it('when userInfo is in local storage, then it wins over session storage', () => {
    const { snap } = start({ userInfo: JSON.stringify(admin) }, { userInfo: JSON.stringify(user) });
    expect(snap().context.userInfo?._id).toBe('a1');
    expect(snap().hasTag('loggedIn') && snap().hasTag('admin')).toBe(true);
  });

  it('when only session storage holds userInfo, then it is used; unreadable values are ignored', async () => {
    expect(start({}, { userInfo: JSON.stringify(user) }).snap().context.userInfo?._id).toBe('u1');
    const damaged = start({ userInfo: '{oops' });
    expect(damaged.snap().context.userInfo).toBeNull();
    expect(damaged.control.isPending('fetchSession')).toBe(true);
  });

  it('when login succeeds without doNotLogout, then the user goes to session storage and loggedIn is emitted', async () => {
    const { actor, control, stores, snap, emitted } = await startGuest();
    actor.send(login);
    expect(snap().hasTag('loading')).toBe(true);
    expect(control.inputOf('login')).toEqual({ email: login.email, password: login.password, doNotLogout: false });
    await control.resolve('login', { success: 'user logged in', userLoggedIn: user });
    expect(snap().hasTag('loggedIn')).toBe(true);
    expect(snap().hasTag('admin')).toBe(false);
    expect(stores.session.dump().userInfo).toBe(JSON.stringify(user));
    expect(stores.local.dump().userInfo).toBeUndefined();
    expect(emitted).toContainEqual({ type: 'auth.loggedIn', userInfo: user });
  });

  it('when login succeeds with doNotLogout, then the user goes to local storage', async () => {
    const { actor, control, stores, snap } = await startGuest();
    actor.send({ ...login, doNotLogout: true });
    await control.resolve('login', { success: 'user logged in', userLoggedIn: { ...admin, doNotLogout: true } });
    expect(snap().hasTag('admin')).toBe(true);
    expect(JSON.parse(stores.local.dump().userInfo ?? '{}')).toMatchObject({ _id: 'a1', doNotLogout: true });
  });

  it('when login is refused with 401, then the error is "Wrong credentials"; other errors show the server message', async () => {
    const { actor, control, snap } = await startGuest();
    actor.send(login);
    await control.reject('login', { status: 401, message: 'wrong credentials' });
    expect(snap().hasTag('error') && snap().hasTag('guest')).toBe(true);
    expect(snap().context.error).toBe('Wrong credentials');
    actor.send(login);
    expect(snap().context.error).toBeNull();
    await control.reject('login', { status: 500, message: 'Database down' });
    expect(snap().context.error).toBe('Database down');
  });

  it('when register succeeds, then the user is stored in session storage with the notice "User created"', async () => {
    const { actor, control, stores, snap } = await startGuest();
    actor.send({ type: 'auth.register', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1' });
    await control.resolve('register', { success: 'User created', userCreated: user });
    expect(snap().context.notice).toBe('User created');
    expect(stores.session.dump().userInfo).toBeDefined();
    expect(stores.local.dump().userInfo).toBeUndefined();
  });

  it('when register finds the email taken, then "User with that email already exists!" is shown', async () => {
    const { actor, control, snap } = await startGuest();
    actor.send({ type: 'auth.register', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1' });
    await control.reject('register', { status: 409, message: 'user exists' });
    expect(snap().context.error).toBe('User with that email already exists!');
  });

  it('when the user logs out, then both storages are cleared at once, the endpoint is called and loggedOut is emitted', async () => {
    const { actor, control, stores, snap, emitted } = start({ userInfo: JSON.stringify({ ...user, doNotLogout: true }) });
    actor.send({ type: 'auth.logout' });
    expect(snap().context.userInfo).toBeNull();
    expect(stores.local.dump().userInfo).toBeUndefined();
    expect(control.isPending('logout')).toBe(true);
    await control.reject('logout', { status: 0, message: 'offline' });
    expect(snap().hasTag('guest')).toBe(true);
    expect(emitted).toContainEqual({ type: 'auth.loggedOut' });
  });

  it('when the profile update succeeds, then userInfo is replaced where it was stored and "User updated" shown; failure shows "Something went wrong"', async () => {
    const { actor, control, stores, snap } = start({ userInfo: JSON.stringify({ ...user, doNotLogout: true }) });
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
    actor.send({ type: 'auth.updateProfile', body });
    expect(snap().hasTag('loading')).toBe(true);
    await control.resolve('updateProfile', { success: 'user updated', userUpdated: { ...user, name: 'Anna' } });
    expect(snap().context).toMatchObject({ notice: 'User updated', userInfo: { name: 'Anna', doNotLogout: true } });
    expect(JSON.parse(stores.local.dump().userInfo ?? '{}')).toMatchObject({ name: 'Anna' });
    actor.send({ type: 'auth.updateProfile', body });
    await control.reject('updateProfile', { status: 400, message: 'bad' });
    expect(snap().context.error).toBe('Something went wrong');
    expect(snap().hasTag('error') && snap().hasTag('loggedIn')).toBe(true);
  });

  it('when the profile update is refused naming one of its fields (the current password, an address value), then its message belongs beside that field, until the next try', async () => {
    const { actor, control, snap } = start({ userInfo: JSON.stringify(user) });
    const body = {
      name: 'Ann',
      lastName: 'Lee',
      password: 'new-secret',
      phoneNumber: '',
      address: '',
      country: '',
      zipCode: '',
      city: '',
      state: '',
    };
    actor.send({ type: 'auth.updateProfile', body });
    await control.reject('updateProfile', { status: 400, message: 'Your current password is not correct', field: 'currentPassword' });
    expect(snap().context).toMatchObject({ error: 'Your current password is not correct', errorField: 'currentPassword' });
    expect(snap().hasTag('error')).toBe(true);
    actor.send({ type: 'auth.updateProfile', body: { ...body, currentPassword: 'old-secret' } });
    expect(snap().context).toMatchObject({ error: null, errorField: null });
    // An address value the API refuses is named too, so its message shows beside it.
    await control.reject('updateProfile', { status: 400, message: 'Please enter a valid city', field: 'city' });
    expect(snap().context).toMatchObject({ error: 'Please enter a valid city', errorField: 'city' });
    actor.send({ type: 'auth.updateProfile', body });
    await control.reject('updateProfile', { status: 400, message: 'Too big', field: 'email' });
    expect(snap().context).toMatchObject({ error: 'Something went wrong', errorField: null });
    actor.send({ type: 'auth.updateProfile', body });
    await control.reject('updateProfile', { status: 500, message: 'boom', field: 'city' });
    expect(snap().context).toMatchObject({ error: 'Something went wrong', errorField: null });
  });

  it('when any call answers 401, then userInfo is cleared without the logout call', () => {
    const { actor, control, stores, snap } = start({}, { userInfo: JSON.stringify(user) });
    actor.send({ type: 'auth.unauthorized' });
    expect(snap().hasTag('guest')).toBe(true);
    expect(stores.session.dump().userInfo).toBeUndefined();
    expect(control.isPending('logout')).toBe(false);
  });

  it('when another tab logs in or out, then storageChanged follows it', async () => {
    const { actor, control, stores, snap } = await startGuest();
    stores.local.setItem('userInfo', JSON.stringify(admin));
    actor.send({ type: 'auth.storageChanged' });
    expect(snap().hasTag('admin')).toBe(true);
    stores.local.removeItem('userInfo');
    actor.send({ type: 'auth.storageChanged' });
    // Nothing stored any more: the server is asked, and it knows no session either.
    await control.reject('fetchSession', { status: 401, message: 'Please log in first' });
    expect(snap().hasTag('guest')).toBe(true);
  });

  it('when the exported snapshot is serialised, then no stored value leaks into it', () => {
    const { actor } = start({ other: 'top-secret' });
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('top-secret');
  });
});
