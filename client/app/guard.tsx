import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { GetTokenResponse } from '#contracts/user.ts';
import { guardMachine } from '#machines/auth/guard.machine.ts';
import { LoginForm } from '../features/auth/login-form.tsx';
import { Skeleton } from '../ui/spinner.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { AuthContext } from '../lib/contexts.ts';
import { useAuthRestoring, useUserInfo } from '../lib/hooks.ts';
import { useHydrated } from '../lib/hydration.ts';
import { devEventLog } from '../lib/event-log.ts';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';

/**
 * True once the auth machine has settled with nobody logged in (not while it still asks). The
 * guard's alone: lib/hooks.ts is in every first load.
 */
const useIsGuest = (): boolean => {
  const guest = AuthContext.useSelector((s) => s.hasTag('guest'));
  return useHydrated() && guest;
};

/**
 * The route guard asks the BFF whether a session exists and whether it is an admin's. It lives
 * here, not in machines.ts, so that it loads with the guard (a lazy chunk) and not with the shop.
 */
export const liveGuardMachine = guardMachine.provide({
  actors: {
    fetchToken: fromPromise<GetTokenResponse, void>(({ signal }) => api.get('/api/get-token', { signal })),
  },
});

type Shown = 'loading' | 'showLogin' | 'redirectHome' | 'render';
const TAGS: readonly Shown[] = ['render', 'showLogin', 'redirectHome', 'loading'];

export type RouteGuardProps = {
  area: 'user' | 'admin';
  /** Tests pass the guard machine with a fake token check. */
  logic?: typeof liveGuardMachine;
};

/**
 * Spec section 2's route guard, driven by machines/auth/guard.machine.ts: while it asks the
 * server a skeleton holds the page's place; no session shows the login form in place; a
 * non-admin on an admin route goes home; otherwise the nested route renders.
 */
export function RouteGuard({ area, logic = liveGuardMachine }: RouteGuardProps) {
  const guard = useActorRef(logic, { input: { area }, inspect: devEventLog?.inspect('guard', { many: true }) });
  const tag = useSelector(guard, (s) => TAGS.find((t) => s.hasTag(t)) ?? 'loading');
  // A tab that still asks who its session is shows nothing of the page yet.
  const shown = useAuthRestoring() ? 'loading' : tag;
  const guest = useIsGuest();
  const userKey = useUserInfo();
  const identity = userKey ? `${userKey._id}:${userKey.isAdmin}` : '';
  const seen = useRef(identity);

  // A login in the shown form, a logout elsewhere or a role change: ask the server again.
  useEffect(() => {
    if (seen.current === identity) return;
    seen.current = identity;
    guard.send({ type: 'guard.recheck' });
  }, [guard, identity]);

  // Settled with nobody logged in (no session to restore, a logout here or in another tab):
  // the page would wait for a user forever, so the login form shows in its place.
  useEffect(() => {
    if (guest) guard.send({ type: 'guard.signedOut' });
  }, [guard, guest]);

  switch (shown) {
    case 'render':
      return <Outlet />;
    case 'redirectHome':
      return <Navigate to={paths.home.to()} replace />;
    case 'showLogin':
      return <LoginForm />;
    default:
      return (
        <div aria-busy="true" css={{ display: 'grid', gap: 12, padding: '1rem 0' }}>
          <VisuallyHidden role="status">Checking your session ...</VisuallyHidden>
          <Skeleton height={32} width="40%" />
          <Skeleton height={16} />
          <Skeleton height={16} width="80%" />
          <Skeleton height={200} />
        </div>
      );
  }
}
