import { assign, setup } from 'xstate';
import type { GetTokenResponse } from '#contracts/user.ts';
import { missingPromise, statusOf } from '../shared/actors.ts';

export type GuardInput = { area: 'user' | 'admin' };
export type GuardContext = { area: 'user' | 'admin'; status: number | null };

/**
 * Spec section 2, route guard: no session (the BFF's 401) shows the login form, a non-admin on an
 * admin route is sent home, otherwise the page renders. A 200 always names the role
 * (`GetTokenResponse`), so there is no answer without a token to guard against. Read it through tags only.
 */
export const guardMachine = setup({
  types: {
    input: {} as GuardInput,
    context: {} as GuardContext,
    events: {} as { type: 'guard.recheck' } | { type: 'guard.signedOut' },
  },
  actors: {
    fetchToken: missingPromise<GetTokenResponse>('fetchToken'),
  },
  guards: {
    adminAreaForNonAdmin: ({ context }, output: GetTokenResponse) => context.area === 'admin' && !output.isAdmin,
  },
}).createMachine({
  id: 'guard',
  context: ({ input }) => ({ area: input.area, status: null }),
  // The auth machine settled as logged out (no session restored, another tab logged out): the
  // page would wait for a user who never comes, so the login form shows, whatever the token said.
  on: { 'guard.signedOut': '.showLogin' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        onDone: [
          { guard: { type: 'adminAreaForNonAdmin', params: ({ event }) => event.output }, target: 'redirectHome' },
          { target: 'render' },
        ],
        // A 401 means no session; any other failure also shows the login form, the one safe choice.
        onError: { target: 'showLogin', actions: assign(({ event }) => ({ status: statusOf(event.error) ?? 0 })) },
      },
    },
    // After a login in the shown form (or a role change) the client asks again.
    showLogin: { tags: ['showLogin'], on: { 'guard.recheck': 'loading' } },
    redirectHome: { tags: ['redirectHome'], on: { 'guard.recheck': 'loading' } },
    render: { tags: ['render'], on: { 'guard.recheck': 'loading' } },
  },
});
