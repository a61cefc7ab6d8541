import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { guardMachine } from './guard.machine.ts';

const start = (area: 'user' | 'admin') => {
  const control = createControl();
  const actor = createActor(guardMachine.provide({ actors: { fetchToken: control.promise() } }), { input: { area } }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, control, tags };
};

describe('route guard machine', () => {
  it('when the token is being fetched, then only loading is tagged', () => {
    expect(start('user').tags()).toEqual(['loading']);
  });

  it('when there is no token (401), then the login form is shown', async () => {
    const { control, tags } = start('user');
    await control.reject('fetchToken', { status: 401, message: 'no token' });
    expect(tags()).toEqual(['showLogin']);
  });

  it('when a non-admin opens an admin route, then it redirects home', async () => {
    const { control, tags } = start('admin');
    await control.resolve('fetchToken', { token: 'not admin', isAdmin: false });
    expect(tags()).toEqual(['redirectHome']);
  });

  it('when an admin opens an admin route or a user a user route, then the page renders', async () => {
    const a = start('admin');
    await a.control.resolve('fetchToken', { token: 'admin', isAdmin: true });
    expect(a.tags()).toEqual(['render']);
    const u = start('user');
    await u.control.resolve('fetchToken', { token: 'not admin', isAdmin: false });
    expect(u.tags()).toEqual(['render']);
  });

  it('when recheck is sent after the login form, then the token is fetched again', async () => {
    const { actor, control, tags } = start('user');
    await control.reject('fetchToken', { status: 401, message: 'no token' });
    actor.send({ type: 'guard.recheck' });
    expect(tags()).toEqual(['loading']);
    await control.resolve('fetchToken', { token: 'not admin', isAdmin: false });
    expect(tags()).toEqual(['render']);
  });
});
