import { useEffect } from 'react';
import { useAuthActor } from '../../app/hooks.ts';
import { useApiGet } from '../../app/use-api-get.ts';

/**
 * GET for an admin list screen. Spec sections 6 and 8 ('Admin list failure'): if the data call
 * fails, the admin is logged out, because a failing admin call means the session or role is gone.
 */
export function useAdminGet<T>(url: string) {
  const state = useApiGet<T>(url);
  const auth = useAuthActor();
  const failed = state.status === 'error';
  useEffect(() => {
    if (failed) {
      console.warn('An admin data call failed: logging out');
      auth.send({ type: 'auth.logout' });
    }
  }, [failed, auth]);
  return state;
}
