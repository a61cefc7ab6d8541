import { assign, emit, setup } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { fieldOf, messageOf, missingPromise, SOMETHING_WENT_WRONG, statusOf } from '../shared/actors.ts';

/** `token`: the reset link's, on /reset-password/{token}; null on /forgot-password. */
export type PasswordResetInput = { token: string | null };
export type PasswordResetContext = { token: string | null; error: string | null };
export type PasswordResetEvent =
  /** Send me a link (the address already checked by the form). */
  | { type: 'reset.ask'; email: string }
  /** Save the new password (typed twice and checked by the form). */
  | { type: 'reset.save'; password: string };
export type PasswordResetEmitted = { type: 'reset.loggedIn'; user: UserInfo };

/** What the reset page's send is answered with: the BFF has logged this browser in. */
export type ResetAnswer = { userLoggedIn: UserInfo };

/** The rejected call's error, for the actions and guards that read it. */
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/** A refusal of the link itself (unknown, used, replaced by a newer one or past its time): 400 naming `token`. */
const isLinkRefusal = (error: unknown) => statusOf(error) === 400 && fieldOf(error) === 'token';

/**
 * The forgotten-password flow, both pages of it (docs/decisions/021-mail-outbox.md). Without a
 * token, /forgot-password: asking → sendingLink → linkSent (the shop's one answer, whether or
 * not the address has an account; another link may be asked), or back to asking with the
 * refusal (too many links from this network, no answer). With the link's token,
 * /reset-password/{token}: choosing → saving → loggedIn (every other session of the account has
 * ended and this browser is logged in: `reset.loggedIn` carries the user), linkInvalid (expired,
 * used or replaced: the page offers a new link; nothing more can be sent with it), or back to
 * choosing with the refusal (a password the rules refuse, too many tries, no answer). A send
 * under way refuses a second one. Tags: `asking`, `sending`, `linkSent`, `choosing`, `saving`,
 * `loggedIn`, `linkInvalid`.
 */
export const passwordResetMachine = setup({
  types: {
    input: {} as PasswordResetInput,
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    emitted: {} as PasswordResetEmitted,
  },
  actors: {
    askLink: missingPromise<{ message: string }, { email: string }>('askLink'),
    savePassword: missingPromise<ResetAnswer, { token: string; password: string }>('savePassword'),
  },
  actions: {
    clearError: assign({ error: null }),
    fail: assign((_, error: unknown) => ({ error: messageOf(error, SOMETHING_WENT_WRONG) })),
    announce: emit((_, user: UserInfo) => ({ type: 'reset.loggedIn' as const, user })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    linkRefused: (_, error: unknown) => isLinkRefusal(error),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasToken', target: 'choosing' }, { target: 'asking' }] },
    asking: { tags: ['asking'], on: { 'reset.ask': 'sendingLink' } },
    sendingLink: {
      tags: ['sending'],
      entry: 'clearError',
      invoke: {
        id: 'askLink',
        src: 'askLink',
        input: ({ event }) => ({ email: (event as { email?: string }).email ?? '' }),
        onDone: 'linkSent',
        onError: { target: 'asking', actions: { type: 'fail', params: errorOf } },
      },
    },
    linkSent: { tags: ['asking', 'linkSent'], on: { 'reset.ask': 'sendingLink' } },
    choosing: { tags: ['choosing'], on: { 'reset.save': 'saving' } },
    saving: {
      tags: ['saving'],
      entry: 'clearError',
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context, event }) => ({ token: context.token ?? '', password: (event as { password?: string }).password ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: { type: 'announce', params: ({ event }: { event: { output: ResetAnswer } }) => event.output.userLoggedIn },
        },
        onError: [
          {
            guard: { type: 'linkRefused', params: errorOf },
            target: 'linkInvalid',
            actions: { type: 'fail', params: errorOf },
          },
          { target: 'choosing', actions: { type: 'fail', params: errorOf } },
        ],
      },
    },
    loggedIn: { tags: ['loggedIn'], type: 'final' },
    linkInvalid: { tags: ['linkInvalid'], type: 'final' },
  },
});
