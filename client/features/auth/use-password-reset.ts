import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ForgotPasswordBody, LoginResponse, ResetPasswordBody } from '#contracts/user.ts';
import { passwordResetMachine } from '#machines/auth/password-reset.machine.ts';
import { api } from '../../lib/api.ts';
import { devEventLog } from '../../lib/event-log.ts';
import { homeOf } from '../../lib/paths.ts';

const TAGS = ['asking', 'sending', 'linkSent', 'choosing', 'saving', 'loggedIn', 'linkInvalid'] as const;
export type PasswordResetTag = (typeof TAGS)[number];

/** The machine with the BFF's two calls: ask for a link, save the new password with it. */
const livePasswordReset = passwordResetMachine.provide({
  actors: {
    askLink: fromPromise(({ input, signal }: { input: ForgotPasswordBody; signal: AbortSignal }) =>
      api.post<{ message: string }>('/api/users/forgot-password', input, { signal }),
    ),
    savePassword: fromPromise(({ input, signal }: { input: ResetPasswordBody; signal: AbortSignal }) =>
      api.post<LoginResponse>('/api/users/reset-password', input, { signal }).then(({ userLoggedIn }) => ({ userLoggedIn })),
    ),
  },
});

/**
 * Both forgotten-password pages run the flow's machine: `token` null on /forgot-password, the
 * link's on /reset-password/{token}. `has(tag)` is what the page shows; once the new password
 * is taken, the BFF has logged this browser in and the page loads the shop again at the
 * customer's home, so every part of it starts from that session.
 */
export function usePasswordReset(token: string | null) {
  const [input] = useState(() => ({ token }));
  const actor = useActorRef(livePasswordReset, { input, inspect: devEventLog?.inspect('password-reset') });
  useEffect(() => {
    const subscription = actor.on('reset.loggedIn', ({ user }) => window.location.assign(homeOf(user)));
    return () => subscription.unsubscribe();
  }, [actor]);
  const tags = useSelector(actor, (s) => TAGS.filter((tag) => s.hasTag(tag)).join(' '));
  const error = useSelector(actor, (s) => s.context.error);
  return {
    has: (tag: PasswordResetTag) => tags.split(' ').includes(tag),
    error,
    ask: (email: string) => actor.send({ type: 'reset.ask', email }),
    save: (password: string) => actor.send({ type: 'reset.save', password }),
  };
}
