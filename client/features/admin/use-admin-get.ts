import { useEffect } from 'react';
import { useAuthActor } from '../../lib/hooks.ts';
import { useApiGet } from '../../lib/use-api-get.ts';

/**
 * Spec sections 6 and 8 ('Admin list failure'): when an admin screen's data call fails, the
 * admin is logged out, because a failing admin call means the session or role is gone.
 */
export function useLogoutOnFailure(failed: boolean): void {
  const auth = useAuthActor();
  useEffect(() => {
    if (failed) {
      console.warn('An admin data call failed: logging out');
      auth.send({ type: 'auth.logout' });
    }
  }, [failed, auth]);
}

/**
 * GET for an admin screen (lists and details pages alike) that logs out when the server answers
 * with a failure. A call that got no answer (offline, or cut off by leaving the page) says
 * nothing about the session: the screen shows the error and the admin stays.
 */
export function useAdminGet<T>(url: string) {
  const state = useApiGet<T>(url);
  useLogoutOnFailure(state.status === 'error' && state.errorStatus !== 0);
  return state;
}
