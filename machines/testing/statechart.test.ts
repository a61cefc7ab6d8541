import { describe, expect, it } from 'vitest';
import { and, setup } from 'xstate';
import { eventLabel, statechart } from './statechart.ts';

const machine = setup({ guards: { ready: () => true, paid: () => true } }).createMachine({
  id: 'shop',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    idle: { on: { go: [{ guard: and(['ready', 'paid']), target: 'busy' }, { target: 'done' }], poke: {} } },
    busy: {
      type: 'parallel',
      states: {
        a: { initial: 'one', states: { one: { after: { 500: 'two' } }, two: {} } },
        b: { initial: 'x', states: { x: { always: { guard: 'ready', target: '#shop.done' } } } },
      },
    },
    done: { type: 'final' },
  },
});

describe('statechart', () => {
  it('when a machine is drawn, then states nest, regions split, and arrows carry events and guards', () => {
    const lines = statechart(machine)
      .split('\n')
      .map((l) => l.trim());
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toEqual(
      expect.arrayContaining([
        '[*] --> shop',
        'state shop {',
        '[*] --> shop_idle',
        'state shop_busy {',
        '--',
        'shop_busy_a_one --> shop_busy_a_two : after 500',
        'shop_idle --> shop_busy : go [ready and paid]',
        'shop_idle --> shop_done : go',
        'shop_idle --> shop_idle : poke',
        'shop_busy_b_x --> shop_done : always [ready]',
        'shop_done --> [*]',
        'shop --> shop_idle : reset',
      ]),
    );
  });

  it('when actor results are labelled, then they read as the actor and its outcome', () => {
    expect(eventLabel('xstate.done.actor.login')).toBe('login done');
    expect(eventLabel('xstate.error.actor.login')).toBe('login error');
    expect(eventLabel('xstate.after.idle.kiosk.browsing')).toBe('after idle');
  });
});
