import { describe, expect, it } from 'vitest';
import { createMachine, type AnyMachineSnapshot } from 'xstate';
import { cartModel } from '../cart/cart.model.ts';
import { createControl } from './controlled-actors.ts';
import { formatReport, isComplete, machineTotals, runModel } from './model.ts';

describe('model harness', () => {
  it('when an event is left out of the sample, then its transition is reported as not exercised', async () => {
    const spec = cartModel();
    const sample = spec.events;
    const events = (s: AnyMachineSnapshot) =>
      (typeof sample === 'function' ? sample(s) : sample).filter((e) => e.type !== 'cart.dismissAdded');
    const report = await runModel({ ...spec, events });
    const whole = await runModel(cartModel());
    expect(isComplete(whole)).toBe(true);
    expect(isComplete(report)).toBe(false);
    // Exactly the one transition whose event was left out goes missing.
    expect(report.transitions).toMatchObject({ covered: whole.transitions.total - 1, total: whole.transitions.total });
    expect(report.transitions.missing).toEqual(['cart.active --cart.dismissAdded#0-->']);
    expect(formatReport(report)).toContain(`transitions ${whole.transitions.total - 1}/${whole.transitions.total} (`);
  });

  it('when a state cannot be reached with the sample, then the state count shows it', async () => {
    const machine = createMachine({ initial: 'a', states: { a: { on: { go: 'b' } }, b: { on: { back: 'a' } }, c: {} } });
    const report = await runModel({ name: 'tiny', machine, control: createControl(), events: [{ type: 'go' }, { type: 'back' }] });
    expect(report.states).toMatchObject({ covered: 2, total: 3, missing: ['(machine).c'] });
    expect(report.transitions).toMatchObject({ covered: 2, total: 2 });
  });

  it('when totals are counted, then every state node and every transition definition is included', () => {
    const machine = createMachine({
      initial: 'a',
      states: {
        a: { always: { target: 'b', guard: () => false }, on: { x: [{ target: 'b', guard: () => true }, { target: 'a' }] } },
        b: { after: { 10: 'a' } },
      },
    });
    const totals = machineTotals(machine);
    expect(totals.nodes).toHaveLength(2);
    expect(totals.transitions.size).toBe(4);
  });
});
