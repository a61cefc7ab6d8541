import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { assertEqual, assertTrue } from '../../machines/testing/assert.ts';
import { createControl, type Control } from '../../machines/testing/controlled-actors.ts';
import { formatReport, isComplete, runModel, type ModelSpec } from '../../machines/testing/model.ts';
import type { AuthUser } from '../auth/types.ts';
import {
  DELIBERATE_REASON,
  hubSocketMachine,
  RECOVERABLE_REASONS,
  REVOKED_REASON,
  type HubSocketContext,
  type HubSocketEmitted,
  type HubSocketInput,
} from './hub-socket.machine.ts';

const ada: AuthUser = { _id: 'u-ada', name: 'Ada', lastName: 'Admin', email: 'ada@example.test', isAdmin: true, sessionId: 's-ada' };
const cy: AuthUser = { _id: 'u-cy', name: 'Cy', lastName: 'Shopper', email: 'cy@example.test', isAdmin: false, sessionId: 's-cy' };
const base = { recoveryWindowMs: 120_000 };
/** The spec's own client (its conversation is its socket), a browser that keeps its conversation, an admin's socket. */
const INPUTS: (() => HubSocketInput)[] = [
  () => ({ ...base, socketId: 'sock-1', conversation: 'sock-1' }),
  () => ({ ...base, socketId: 'sock-2', conversation: 'conv-kept', user: cy }),
  () => ({ ...base, socketId: 'sock-3', conversation: 'sock-3', user: ada }),
];

const answers = (id: string): AnyEventObject[] => [
  { type: `xstate.done.actor.${id}`, output: true },
  { type: `xstate.done.actor.${id}`, output: false },
  { type: `xstate.error.actor.${id}`, error: new Error('no answer') },
];

const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const { conversation, user } = snapshot.context as HubSocketContext;
  return [
    { type: 'socket.disconnected', reason: 'transport close' },
    { type: 'socket.disconnected', reason: DELIBERATE_REASON },
    { type: 'socket.disconnected', reason: 'server namespace disconnect' },
    { type: 'socket.returned', conversation, user },
    { type: 'account.changed', userId: ada._id },
    { type: 'account.changed', sessionId: ada.sessionId },
    { type: 'account.changed', userId: cy._id },
    { type: 'account.changed', sessionId: 's-someone-else' },
    ...['elsewhere', 'inPresence', 'otherTabs', 'stillAdmin'].flatMap(answers),
    { type: 'xstate.done.actor.leavePresence' },
    { type: 'xstate.error.actor.leavePresence', error: new Error('redis is down') },
    { type: 'xstate.done.actor.endConversation' },
    { type: 'xstate.error.actor.endConversation', error: new Error('redis is down') },
  ];
};

/** The machine with every effect settled by hand. */
const controlled = (control: Control) =>
  hubSocketMachine.provide({
    actors: {
      livesElsewhere: control.promise(),
      inPresence: control.promise(),
      leavePresence: control.promise(),
      endConversation: control.promise(),
      stillAdmin: control.promise(),
    },
  });

const said = (event: AnyEventObject, id: string, answer: boolean) => event.type === `xstate.done.actor.${id}` && event.output === answer;

/** One socket of the hub: when it is away, when its departure is final, and what a final departure ends. */
const hubSocketModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'hub-socket',
    machine: controlled(control),
    control,
    inputs: INPUTS,
    events,
    check: (before, event, after) => {
      const ctx = after.context as HubSocketContext;
      assertEqual(
        after.hasTag('present'),
        after.matches('connected'),
        "a customer's conversation is here exactly while the socket is connected",
      );
      if (after.matches('departed') && !before.matches('departed'))
        assertTrue(
          event.type === 'socket.disconnected' && RECOVERABLE_REASONS.has(event.reason as string),
          'only a recoverable drop opens a window',
        );
      if (event.type === 'socket.returned' && before.matches('departed'))
        assertTrue(after.matches('connected') && ctx.reason === null, 'coming back within the window cancels the departure');
      if (event.type === 'account.changed' && !(before.context as HubSocketContext).user?.isAdmin)
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
  };
};

describe('hub socket model', () => {
  it('when every generated path of a hub socket is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(hubSocketModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});

/** One socket's actor with controlled effects, and what it told the hub, in order. */
const start = (input: Partial<HubSocketInput> = {}) => {
  const control = createControl();
  const clock = new SimulatedClock();
  const actor = createActor(controlled(control), {
    clock,
    input: { socketId: 'sock', conversation: 'sock', recoveryWindowMs: 1000, ...input },
  });
  const told: HubSocketEmitted[] = [];
  actor.on('*', (e) => told.push(e));
  actor.start();
  return { actor, control, clock, told };
};

describe('hub socket machine: what it tells the hub', () => {
  it('when a customer connects and drops recoverably, then the hub hears seen, seen and away, and nothing ends before the window', () => {
    const { actor, control, clock, told } = start({ conversation: 'conv-1' });
    actor.send({ type: 'socket.disconnected', reason: 'transport close' });
    expect(told).toEqual([
      { type: 'hub.seen', conversation: 'conv-1' },
      { type: 'hub.seen', conversation: 'conv-1' },
      { type: 'hub.away', socketId: 'sock' },
    ]);
    clock.increment(999);
    expect(control.started).toEqual([]);
    clock.increment(1);
    expect(control.started).toEqual([{ id: 'elsewhere', input: 'sock' }]);
  });

  it('when a departed admin’s account changes, then recovery is blocked at once (inside send) and unblocked if the session is still an admin’s', async () => {
    const { actor, control, told } = start({ user: ada });
    actor.send({ type: 'socket.disconnected', reason: 'ping timeout' });
    told.length = 0;
    actor.send({ type: 'account.changed', userId: ada._id });
    expect(told).toEqual([{ type: 'hub.block', socketId: 'sock' }]);
    expect(control.inputOf('stillAdmin')).toEqual({ userId: ada._id, sessionId: ada.sessionId });
    await control.resolve('stillAdmin', true);
    expect(told).toEqual([
      { type: 'hub.block', socketId: 'sock' },
      { type: 'hub.unblock', socketId: 'sock' },
    ]);
    expect(actor.getSnapshot().hasTag('away')).toBe(true);
  });

  it('when a demoted admin’s check answers no, then the departure is final now as admin rights revoked, and the block stays', async () => {
    const { actor, control, told } = start({ user: ada });
    actor.send({ type: 'socket.disconnected', reason: 'transport close' });
    actor.send({ type: 'account.changed', sessionId: ada.sessionId });
    await control.resolve('stillAdmin', false);
    expect(told.filter((e) => e.type === 'hub.unblock')).toEqual([]);
    expect(actor.getSnapshot().context.reason).toBe('admin rights revoked');
    await control.resolve('elsewhere', false);
    await control.resolve('inPresence', true);
    await control.resolve('leavePresence', undefined);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
