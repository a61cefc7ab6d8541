import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { controlledAuth } from '#machines/auth/controlled-auth.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { E2E_USERS, NO_SESSION, sessionOf } from './auth-sample.ts';

/**
 * Two tabs of one browser, one session cookie. The paths are the auth machine's of tab 2 (the
 * tab opened second): its own logins and logouts are done in tab 2, and the events that come
 * from the other tab (`auth.elsewhere.*`) are done by a person in tab 1. Tab 1's machine runs
 * beside it and hears what tab 2 tells it.
 */
export type TabAction =
  | 'open-tab-2-logged-in' // tab 1 logs in first, then tab 2 opens /user
  | 'open-tab-2-guest' // tab 2 opens /user with nobody logged in
  | 'tab-2-logs-in'
  | 'tab-2-logs-out'
  | 'tab-1-logs-in'
  | 'tab-1-logs-out';

const john: UserInfo = E2E_USERS.john;

export const tabActionOf = (event: AnyEventObject): TabAction | null => {
  switch (event.type) {
    case 'xstate.done.actor.fetchSession':
      return 'open-tab-2-logged-in';
    case 'xstate.error.actor.fetchSession':
      return 'open-tab-2-guest';
    case 'xstate.done.actor.login':
      return 'tab-2-logs-in';
    case 'xstate.done.actor.logout':
      return 'tab-2-logs-out';
    case 'auth.elsewhere.user':
      return 'tab-1-logs-in';
    case 'auth.elsewhere.loggedOut':
      return 'tab-1-logs-out';
    default:
      return null; // tab 2's request that the next step answers
  }
};

/** Without "Do not logout": the user lives in each tab's session storage, so only the broadcast and the server connect the tabs. */
const byState = (s: AnyMachineSnapshot): AnyEventObject[] => {
  if (s.matches('restoring')) return [sessionOf(john), NO_SESSION];
  if (s.matches({ guest: 'loggingIn' }))
    return [{ type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: john } }];
  if (s.matches('guest'))
    return [
      { type: 'auth.login', email: '(demo user)', password: '(demo user)', doNotLogout: false },
      { type: 'auth.elsewhere.user', userInfo: john },
    ];
  if (s.matches('loggingOut')) return [{ type: 'xstate.done.actor.logout', output: undefined }];
  if (s.matches('loggedIn')) return [{ type: 'auth.logout' }, { type: 'auth.elsewhere.loggedOut' }];
  return [];
};

export const twoTabsModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'auth (two tabs)',
    machine: controlledAuth(control),
    control,
    input: () => ({ local: memoryStorage(), session: memoryStorage() }),
    events: byState,
    select: (ctx: { userInfo: UserInfo | null }) => ({ userInfo: ctx.userInfo }),
  };
};

/** One kind per (where tab 2 stands, who acts): e.g. "tab 1 logs out while tab 2 shows the profile". */
export const twoTabsStepKey = ({ event, before }: E2eStep): string => `${JSON.stringify(before.value)} ${tabActionOf(event) ?? event.type}`;

/**
 * What tab 1's machine hears for each of tab 2's steps: tab 2's own login or logout is told to
 * it; a person acting in tab 1 is tab 1's own request and answer.
 */
export const tab1EventsFor = (action: TabAction): AnyEventObject[] => {
  switch (action) {
    case 'open-tab-2-logged-in':
    case 'tab-1-logs-in':
      return [
        { type: 'auth.login', email: '(demo user)', password: '(demo user)', doNotLogout: false },
        { type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: john } },
      ];
    case 'tab-1-logs-out':
      return [{ type: 'auth.logout' }, { type: 'xstate.done.actor.logout', output: undefined }];
    case 'tab-2-logs-in':
      return [{ type: 'auth.elsewhere.user', userInfo: john }];
    case 'tab-2-logs-out':
      return [{ type: 'auth.elsewhere.loggedOut' }];
    case 'open-tab-2-guest':
      return [];
  }
};
