import type { AnyActorLogic } from 'xstate';
import type { Control } from '../testing/controlled-actors.ts';
import { authMachine } from './auth.machine.ts';

/**
 * The auth machine with every effect settled by hand through `control` (models, unit tests,
 * the browser oracle); `actors` replaces some, e.g. a real otherTabs actor over a channel.
 */
export const controlledAuth = (control: Control, actors: Partial<Record<'otherTabs' | 'fetchSession', AnyActorLogic>> = {}) =>
  authMachine.provide({
    actors: {
      login: control.promise(),
      register: control.promise(),
      logout: control.promise(),
      updateProfile: control.promise(),
      fetchSession: control.promise(),
      otherTabs: control.callback(),
      ...actors,
    } as never,
  });
