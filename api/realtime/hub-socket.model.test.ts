import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '#machines/testing/controlled-actors.ts';
import { formatReport, isComplete, runModel } from '#machines/testing/model.ts';
import type { HubSocketEmitted, HubSocketInput } from './hub-socket.machine.ts';
import { ada, controlledHubSocket, hubSocketModel } from './hub-socket.model.ts';

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
  const actor = createActor(controlledHubSocket(control), {
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
