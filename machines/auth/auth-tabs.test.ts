import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { memoryStorage } from '../shared/storage.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { controlledAuth } from './controlled-auth.ts';
import { AUTH_CHANNEL, otherTabsActor, type ChannelLike } from './other-tabs.ts';

const john: UserInfo = { _id: 'u1', name: 'John', lastName: 'Doe', email: 'john@doe.com', isAdmin: false };
const noSession = { status: 401, message: 'Please log in first' };
const login = { type: 'auth.login', email: john.email, password: 'secret1', doNotLogout: false } as const;

/** One tab: its own session storage, the browser's shared local storage, test actors settled by hand. */
const tab = (local = memoryStorage(), session = memoryStorage()) => {
  const control = createControl();
  const machine = controlledAuth(control);
  const actor = createActor(machine, { input: { local, session } });
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const told = () => control.received.filter((r) => r.id === 'otherTabs').map((r) => r.event);
  return { actor, control, session, snap: () => actor.getSnapshot(), emitted, told };
};

describe('auth machine across tabs', () => {
  it('when a tab starts with nothing stored, then it shows nobody (restoring) until the server answers', () => {
    const { snap, control } = tab();
    expect(snap().hasTag('restoring')).toBe(true);
    expect(snap().hasTag('guest')).toBe(false);
    expect(snap().hasTag('loggedIn')).toBe(false);
    expect(control.isPending('fetchSession')).toBe(true);
  });

  it('when the server has a session, then its user is restored into session storage, without a redirect or a broadcast', async () => {
    const { snap, control, session, emitted, told } = tab();
    await control.resolve('fetchSession', { user: john });
    expect(snap().hasTag('loggedIn')).toBe(true);
    expect(snap().context.userInfo).toEqual({ ...john, doNotLogout: false });
    expect(JSON.parse(session.getItem('userInfo') ?? 'null')).toEqual({ ...john, doNotLogout: false });
    expect(emitted).toEqual([]);
    expect(told()).toEqual([]);
  });

  it('when the server cannot be asked, then the tab settles as a guest and does not hang', async () => {
    const { snap, control } = tab();
    await control.reject('fetchSession', { status: 0, message: 'The shop could not be reached.' });
    expect(snap().hasTag('guest')).toBe(true);
  });

  it('when the page was served without a session, then only the first restore is told so; a restore after another tab logs out asks', async () => {
    const control = createControl();
    const local = memoryStorage();
    const actor = createActor(controlledAuth(control), { input: { local, session: memoryStorage(), servedToGuest: true } }).start();
    expect(control.inputOf('fetchSession')).toEqual({ servedToGuest: true });
    await control.reject('fetchSession', noSession);
    local.setItem('userInfo', JSON.stringify(john));
    actor.send({ type: 'auth.storageChanged' });
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(true);
    local.removeItem('userInfo');
    actor.send({ type: 'auth.storageChanged' });
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    expect(control.inputOf('fetchSession')).toEqual({ servedToGuest: false });
    actor.stop();
  });

  it('when a user is stored, then the server is not asked', () => {
    const { control, snap } = tab(memoryStorage(), memoryStorage({ userInfo: JSON.stringify(john) }));
    expect(snap().hasTag('loggedIn')).toBe(true);
    expect(control.started.map((s) => s.id)).toEqual(['otherTabs']);
  });

  it('when this tab logs in, registers or changes the name, then the other tabs are told the user', async () => {
    const { actor, control, told } = tab();
    await control.reject('fetchSession', noSession);
    actor.send(login);
    await control.resolve('login', { success: 'user logged in', userLoggedIn: john });
    actor.send({
      type: 'auth.updateProfile',
      body: {
        name: 'Johnny',
        lastName: 'Doe',
        password: 'secret1',
        phoneNumber: '',
        address: '',
        country: '',
        zipCode: '',
        city: '',
        state: '',
      },
    });
    await control.resolve('updateProfile', { success: 'user updated', userUpdated: { ...john, name: 'Johnny' } });
    expect(told()).toEqual([
      { type: 'tabs.tell', message: { type: 'user', userInfo: john } },
      { type: 'tabs.tell', message: { type: 'user', userInfo: { ...john, name: 'Johnny', doNotLogout: false } } },
    ]);
  });

  it('when this tab logs out or meets a 401, then the other tabs are told at once', async () => {
    const first = tab(memoryStorage(), memoryStorage({ userInfo: JSON.stringify(john) }));
    first.actor.send({ type: 'auth.logout' });
    expect(first.told()).toEqual([{ type: 'tabs.tell', message: { type: 'loggedOut' } }]);
    const second = tab(memoryStorage(), memoryStorage({ userInfo: JSON.stringify(john) }));
    second.actor.send({ type: 'auth.unauthorized' });
    expect(second.told()).toEqual([{ type: 'tabs.tell', message: { type: 'loggedOut' } }]);
  });

  it('when another tab logs out, then this tab is a guest with its storage cleared, without a logout call, redirect or echo', () => {
    const { actor, control, session, snap, emitted, told } = tab(memoryStorage(), memoryStorage({ userInfo: JSON.stringify(john) }));
    actor.send({ type: 'auth.elsewhere.loggedOut' });
    expect(snap().hasTag('guest')).toBe(true);
    expect(session.getItem('userInfo')).toBeNull();
    expect(control.isPending('logout')).toBe(false);
    expect(emitted).toEqual([]);
    expect(told()).toEqual([]);
  });

  it('when another tab logs out while this one still asks the server, then the question is dropped and this tab is a guest', () => {
    const { actor, control, snap } = tab();
    actor.send({ type: 'auth.elsewhere.loggedOut' });
    expect(snap().hasTag('guest')).toBe(true);
    expect(control.aborted).toContain('fetchSession');
  });

  it('when another tab logs in, then a guest or restoring tab shows that user and keeps it in its own session storage', async () => {
    const restoring = tab();
    restoring.actor.send({ type: 'auth.elsewhere.user', userInfo: john });
    expect(restoring.snap().context.userInfo).toEqual(john);
    expect(restoring.session.getItem('userInfo')).toBe(JSON.stringify(john));
    const guest = tab();
    await guest.control.reject('fetchSession', noSession);
    guest.actor.send({ type: 'auth.elsewhere.user', userInfo: { ...john, isAdmin: true } });
    expect(guest.snap().hasTag('admin')).toBe(true);
    expect(guest.told()).toEqual([]);
  });

  it("when another tab logs in while this tab waits for its own login, then this tab's answer decides", async () => {
    const { actor, control, snap } = tab();
    await control.reject('fetchSession', noSession);
    actor.send(login);
    actor.send({ type: 'auth.elsewhere.user', userInfo: { ...john, _id: 'other', name: 'Other' } });
    expect(control.isPending('login')).toBe(true);
    await control.resolve('login', { success: 'user logged in', userLoggedIn: john });
    expect(snap().context.userInfo?.name).toBe('John');
  });
});

/** Node's BroadcastChannel behaves as the browser's: other instances of the same name hear a message, the sender does not. */
const realTab = () => {
  const control = createControl();
  const machine = controlledAuth(control, {
    otherTabs: otherTabsActor({ openChannel: (name) => new BroadcastChannel(name) as unknown as ChannelLike }),
  });
  const actor = createActor(machine, { input: { local: memoryStorage(), session: memoryStorage() } }).start();
  return { actor, control };
};

describe('auth machines in two tabs over a real BroadcastChannel', () => {
  it('when tab 1 logs in, then tab 2 shows the user; when tab 2 logs out, then tab 1 is a guest', async () => {
    const one = realTab();
    const two = realTab();
    try {
      await one.control.reject('fetchSession', noSession);
      await two.control.reject('fetchSession', noSession);
      one.actor.send(login);
      await one.control.resolve('login', { success: 'user logged in', userLoggedIn: john });
      await waitFor(two.actor, (s) => s.hasTag('loggedIn'), { timeout: 2_000 });
      expect(two.actor.getSnapshot().context.userInfo).toEqual(john);

      two.actor.send({ type: 'auth.logout' });
      await waitFor(one.actor, (s) => s.hasTag('guest'), { timeout: 2_000 });
      expect(one.actor.getSnapshot().context.userInfo).toBeNull();
      // Tab 1 heard it from tab 2: only tab 2 calls the server.
      expect(one.control.isPending('logout')).toBe(false);
    } finally {
      one.actor.stop();
      two.actor.stop();
    }
  });

  it('when a message on the channel is not well-formed, then it is ignored', async () => {
    const one = realTab();
    const stranger = new BroadcastChannel(AUTH_CHANNEL);
    try {
      await one.control.reject('fetchSession', noSession);
      const shown: unknown[] = [];
      one.actor.subscribe((s) => shown.push(s.context.userInfo));
      stranger.postMessage({ type: 'user', userInfo: { _id: '', name: 'x' } });
      stranger.postMessage('loggedOut');
      stranger.postMessage({ type: 'user', userInfo: john });
      await waitFor(one.actor, (s) => s.hasTag('loggedIn'), { timeout: 2_000 });
      // Messages arrive in order: the malformed ones came first and changed nothing.
      expect(shown.filter((u) => u !== null)).toEqual([john]);
    } finally {
      stranger.close();
      one.actor.stop();
    }
  });
});

describe('other-tabs actor and storage events', () => {
  it('when another tab writes userInfo or clears storage, then storageChanged reaches the machine; other keys do not, and stopping unsubscribes', () => {
    let listener: ((key: string | null) => void) | null = null;
    const parent = createActor(
      controlledAuth(createControl(), { otherTabs: otherTabsActor({ listenStorage: (l) => ((listener = l), () => (listener = null)) }) }),
      { input: { local: memoryStorage({ userInfo: JSON.stringify(john) }), session: memoryStorage() } },
    ).start();
    const local = parent.getSnapshot().context.local;
    local.setItem('cart', '{}');
    listener!('cart');
    expect(parent.getSnapshot().hasTag('loggedIn')).toBe(true);
    local.setItem('userInfo', JSON.stringify({ ...john, name: 'Johnny' }));
    listener!('userInfo');
    expect(parent.getSnapshot().context.userInfo?.name).toBe('Johnny');
    parent.stop();
    expect(listener).toBeNull();
  });
});

describe('a form sent while the tab still asks the server', () => {
  it('when a login is sent before the session answer, then it is not dropped: the session question is dropped and the login runs', async () => {
    const { actor, control, snap } = tab();
    actor.send(login);
    expect(control.aborted).toContain('fetchSession');
    await control.resolve('login', { success: 'user logged in', userLoggedIn: john });
    expect(snap().context.userInfo).toEqual(john);
  });
});
