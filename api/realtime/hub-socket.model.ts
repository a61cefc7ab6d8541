/**
 * The model of one hub socket's machine (test code, like a `.test.ts` file): `npm run test:model`
 * walks it with the shop's machines, its plan is docs/machines/hub-socket.plan.md, and
 * hub-socket.model.test.ts runs it in the API's tests.
 */
import type { SnapshotFrom } from 'xstate';
import { assertEqual, assertTrue } from '#machines/testing/assert.ts';
import { createControl, type Control } from '#machines/testing/controlled-actors.ts';
import type { ModelEvent, ModelPlan, ModelSpec } from '#machines/testing/model.ts';
import type { AuthUser } from '../auth/types.ts';
import { DELIBERATE_REASON, hubSocketMachine, RECOVERABLE_REASONS, REVOKED_REASON, type HubSocketInput } from './hub-socket.machine.ts';

export const ada: AuthUser = { _id: 'u-ada', name: 'Ada', lastName: 'Admin', email: 'ada@example.test', isAdmin: true, sessionId: 's-ada' };
const cy: AuthUser = { _id: 'u-cy', name: 'Cy', lastName: 'Shopper', email: 'cy@example.test', isAdmin: false, sessionId: 's-cy' };
const base = { recoveryWindowMs: 120_000 };
/** The spec's own client (its conversation is its socket), a browser that keeps its conversation, an admin's socket. */
const INPUTS: (() => HubSocketInput)[] = [
  () => ({ ...base, socketId: 'sock-1', conversation: 'sock-1' }),
  () => ({ ...base, socketId: 'sock-2', conversation: 'conv-kept', user: cy }),
  () => ({ ...base, socketId: 'sock-3', conversation: 'sock-3', user: ada }),
];

/** The machine with every effect settled by hand. */
export const controlledHubSocket = (control: Control) =>
  hubSocketMachine.provide({
    actors: {
      livesElsewhere: control.promise(),
      inPresence: control.promise(),
      leavePresence: control.promise(),
      endConversation: control.promise(),
      stillAdmin: control.promise(),
    },
  });

type Machine = ReturnType<typeof controlledHubSocket>;
/** livesElsewhere runs twice: for the socket (`elsewhere`) and for a kept conversation's other tabs (`otherTabs`). */
type Ids = { elsewhere: 'livesElsewhere'; otherTabs: 'livesElsewhere' };
type Event = ModelEvent<Machine, Ids>;
type Asked = 'elsewhere' | 'inPresence' | 'otherTabs' | 'stillAdmin';

const answers = (id: Asked): Event[] => [
  { type: `xstate.done.actor.${id}`, output: true },
  { type: `xstate.done.actor.${id}`, output: false },
  { type: `xstate.error.actor.${id}`, error: new Error('no answer') },
];
const asked: Asked[] = ['elsewhere', 'inPresence', 'otherTabs', 'stillAdmin'];

const events = ({ context: { conversation, user } }: SnapshotFrom<Machine>): Event[] => [
  { type: 'socket.disconnected', reason: 'transport close' },
  { type: 'socket.disconnected', reason: DELIBERATE_REASON },
  { type: 'socket.disconnected', reason: 'server namespace disconnect' },
  { type: 'socket.returned', conversation, user },
  { type: 'account.changed', userId: ada._id },
  { type: 'account.changed', sessionId: ada.sessionId },
  { type: 'account.changed', userId: cy._id },
  { type: 'account.changed', sessionId: 's-someone-else' },
  ...asked.flatMap(answers),
  { type: 'xstate.done.actor.leavePresence', output: undefined },
  { type: 'xstate.error.actor.leavePresence', error: new Error('redis is down') },
  { type: 'xstate.done.actor.endConversation', output: undefined },
  { type: 'xstate.error.actor.endConversation', error: new Error('redis is down') },
];

const said = (event: Event, id: Asked, answer: boolean) =>
  event.type === `xstate.done.actor.${id}` && 'output' in event && event.output === answer;

const who = ({ user }: { user?: AuthUser }) => (user ? `${user.name} (${user.isAdmin ? 'an admin' : 'a customer'})` : 'a guest');
const yesNo = (e: { output: boolean }) => (e.output ? 'yes' : 'no');

/** The test plan's sentences (docs/machines/hub-socket.plan.md). */
const describe: ModelPlan<Machine, Ids> = {
  states: {
    connected: ({ context }) => `${who(context)} is connected with conversation ${context.conversation}`,
    'departed.waiting': ({ context }) => `the socket is away and may come back within ${context.recoveryWindowMs / 1000} s`,
    'departed.checking': 'the hub blocks its recovery and asks whether the session is still an admin’s',
    'leaving.elsewhere': 'the hub asks whether the socket lives on another instance',
    'leaving.presence': 'the hub asks whether the socket is a chat admin’s',
    'leaving.leavingPresence': 'the admin leaves presence',
    'leaving.otherTabs': 'the hub asks whether another tab holds the conversation',
    'leaving.ending': ({ context }) =>
      `conversation ${context.conversation} ends (${context.reason ?? 'no reason'}) and every admin is told`,
    gone: 'the socket is gone',
  },
  events: {
    'socket.disconnected': (e) => `socket.io disconnects it: "${e.reason}"`,
    'socket.returned': 'the same socket connects again on this instance',
    'account.changed': (e) => (e.userId ? `the account ${e.userId} changes` : `the session ${e.sessionId} ends`),
    'xstate.after.recoveryWindow': 'the recovery window ends',
    'xstate.done.actor.elsewhere': (e) => `another instance answers ${yesNo(e)}`,
    'xstate.error.actor.elsewhere': 'no instance answers',
    'xstate.done.actor.inPresence': (e) => `presence answers ${yesNo(e)}`,
    'xstate.error.actor.inPresence': 'presence does not answer',
    'xstate.done.actor.leavePresence': 'presence lets the admin go',
    'xstate.error.actor.leavePresence': 'presence fails to let the admin go',
    'xstate.done.actor.otherTabs': (e) => `other tabs answer ${yesNo(e)}`,
    'xstate.error.actor.otherTabs': 'no tab answers',
    'xstate.done.actor.endConversation': 'the conversation is ended',
    'xstate.error.actor.endConversation': 'ending the conversation fails',
    'xstate.done.actor.stillAdmin': (e) => `the session ${e.output ? 'is still' : 'is no longer'} an admin’s`,
    'xstate.error.actor.stillAdmin': 'the database does not answer',
  },
};

/** One socket of the hub: when it is away, when its departure is final, and what a final departure ends. */
export const hubSocketModel = (): ModelSpec<Machine, Ids> => {
  const control = createControl();
  return {
    name: 'hub-socket',
    machine: controlledHubSocket(control),
    control,
    inputs: INPUTS,
    events,
    check: (before, event, after) => {
      const ctx = after.context;
      assertEqual(
        after.hasTag('present'),
        after.matches('connected'),
        "a customer's conversation is here exactly while the socket is connected",
      );
      if (after.matches('departed') && !before.matches('departed'))
        assertTrue(event.type === 'socket.disconnected' && RECOVERABLE_REASONS.has(event.reason), 'only a recoverable drop opens a window');
      if (event.type === 'socket.returned' && before.matches('departed'))
        assertTrue(after.matches('connected') && ctx.reason === null, 'coming back within the window cancels the departure');
      if (event.type === 'account.changed' && !before.context.user?.isAdmin)
        assertEqual(after.value, before.value, "an account change never touches a customer's socket");
      if (after.hasTag('checking')) assertTrue(ctx.user?.isAdmin === true, 'only an admin is checked');
      if (after.matches('leaving') && before.matches({ departed: 'checking' }) && !event.type.startsWith('xstate.after.'))
        assertTrue(
          said(event, 'stillAdmin', false) && ctx.reason === REVOKED_REASON,
          'a departed admin goes early only when no longer an admin',
        );
      if (after.matches({ leaving: 'leavingPresence' })) assertTrue(said(event, 'inPresence', true), 'only a socket in presence leaves it');
      if (after.matches({ leaving: 'ending' }) && !before.matches({ leaving: 'ending' })) {
        const keyed = ctx.conversation === ctx.socketId;
        const letGo =
          ctx.reason === DELIBERATE_REASON && (said(event, 'otherTabs', false) || event.type === 'xstate.error.actor.otherTabs');
        assertTrue(keyed || letGo, 'a kept conversation ends only when the page let it go and no other tab holds it');
      }
      if (after.status === 'done' && before.matches({ leaving: 'elsewhere' }))
        assertTrue(said(event, 'elsewhere', true), 'a socket recovered on another instance is left to it');
    },
    describe,
  };
};
