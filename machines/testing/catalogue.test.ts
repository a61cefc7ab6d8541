import { describe, expect, it } from 'vitest';
import { assign, emit, fromPromise, setup, spawnChild } from 'xstate';
import { hubSocketMachine } from '../../api/realtime/hub-socket.machine.ts';
import { catalogueEntries, checkCatalogue, machineSources } from '../../scripts/plan-files.ts';
import { everyModel } from '../../scripts/models.ts';
import { cartModel } from '../cart/cart.model.ts';
import {
  CATALOGUE_END,
  CATALOGUE_START,
  catalogueTable,
  COMPUTED_EMIT,
  emittedType,
  machineFacts,
  staleCatalogue,
  withCatalogue,
} from './catalogue.ts';

const lamp = setup({
  types: { context: {} as { on: number } },
  actors: { load: fromPromise(async () => 1) },
  delays: { cool: 300 },
  actions: {
    count: assign(({ context }) => ({ on: context.on + 1 })),
    said: emit((_, params: { word: string }) => ({ type: 'lamp.said' as const, word: params.word })),
  },
}).createMachine({
  id: 'lamp',
  context: { on: 0 },
  initial: 'off',
  states: {
    off: { tags: ['dark'], on: { 'lamp.switch': { target: 'on', actions: ['count', { type: 'said', params: { word: 'on' } }] } } },
    on: {
      tags: ['lit'],
      entry: emit({ type: 'lamp.lit' as const }),
      invoke: { id: 'loader', src: 'load', onDone: { actions: emit(({ event }) => ({ type: 'lamp.loaded' as const, n: event.output })) } },
      after: { cool: 'off', 1000: 'off' },
      on: { 'lamp.switch': 'off' },
    },
  },
});
const source = { file: 'machines/lamp/lamp.machine.ts', exportName: 'lampMachine' };

describe('machine catalogue', () => {
  it('when machines/README.md is compared with the machines, then it is current', async () => {
    expect(await checkCatalogue()).toEqual([]);
  });

  it('when a machine is read, then its events, tags, actors, delays and emitted events are listed', () => {
    expect(machineFacts(lamp)).toEqual({
      id: 'lamp',
      stateCount: 2,
      topStates: ['off', 'on'],
      events: ['lamp.switch'],
      actors: ['load'],
      delays: ['1000 ms', 'cool'],
      tags: ['dark', 'lit'],
      emits: ['lamp.lit', 'lamp.said', 'lamp.loaded'],
    });
    const table = catalogueTable([{ name: 'lamp', machine: lamp, source }]);
    expect(table.split('\n')[2]).toBe(
      '| lamp (`#lamp`) | [lamp/lamp.machine.ts](lamp/lamp.machine.ts) `lampMachine` | 2: `off` `on` | `lamp.switch` | `load` | `1000 ms` `cool` | `dark` `lit` | `lamp.lit` `lamp.said` `lamp.loaded` |',
    );
  });

  it('when a machine spawns an actor it declares, then that actor is listed to provide too, after the invoked ones', () => {
    const spawner = setup({
      actors: { load: fromPromise(async () => 1), part: fromPromise(async () => 2) },
    }).createMachine({
      id: 'spawner',
      invoke: { src: 'load' },
      entry: spawnChild('part', { id: 'part-1' }),
    });
    expect(machineFacts(spawner).actors).toEqual(['load', 'part']);
  });

  it('when an emitted event is computed from what cannot be probed, then its type reads as computed', () => {
    expect(emittedType({ type: 'a' })).toBe('a');
    expect(emittedType(() => ({ type: 'b' }))).toBe('b');
    expect(emittedType(({ event }: { event: { kind: string } }) => ({ type: `lamp.${event.kind}` }))).toBe(COMPUTED_EMIT);
    expect(
      emittedType(() => {
        throw new Error('no');
      }),
    ).toBe(COMPUTED_EMIT);
  });

  it('when the README on disk differs from the machines or lacks its markers, then the check names the file', () => {
    const table = catalogueTable([{ name: 'lamp', machine: lamp, source }]);
    const readme = withCatalogue(`# machines/\n\nprose\n\n${CATALOGUE_START}\nold table\n${CATALOGUE_END}\n\nmore prose\n`, table);
    expect(readme).toMatch(/^# machines\/\n\nprose\n\n<!-- machines:start -->\n/);
    expect(readme).toContain(`${table}\n\n${CATALOGUE_END}\n\nmore prose\n`);
    expect(staleCatalogue(readme, table)).toEqual([]);
    expect(staleCatalogue(readme.replace('`lamp.lit`', '`lamp.glow`'), table)).toEqual(['machines/README.md is out of date']);
    expect(staleCatalogue('# machines/\n', table)).toEqual([
      'machines/README.md has no <!-- machines:start --> … <!-- machines:end --> markers',
    ]);
    expect(staleCatalogue(undefined, table)).toEqual(['machines/README.md is missing']);
  });

  it('when a model has no machine file or a machine file has no model, then each is named', async () => {
    const sources = await machineSources();
    const cart = cartModel();
    expect(sources.get(cart.machine.config)).toEqual({ file: 'machines/cart/cart.machine.ts', exportName: 'cartMachine' });
    const { entries, problems } = catalogueEntries([cart, { ...cart, name: 'lamp', machine: lamp }], sources);
    expect(entries.map((e) => e.name)).toEqual(['cart']);
    expect(problems).toContain('lamp: its machine is exported by no .machine.ts file under machines/ or api/');
    expect(problems).toContain('machines/auth/auth.machine.ts exports authMachine, which has no model in scripts/models.ts');
  });

  it("when the API's hub socket machine is catalogued, then it is walked with the shop's and its row links its file under api/", async () => {
    const sources = await machineSources();
    const hub = { file: 'api/realtime/hub-socket.machine.ts', exportName: 'hubSocketMachine' };
    expect(sources.get(hubSocketMachine.config)).toEqual(hub);
    const { entries, problems } = catalogueEntries(everyModel(), sources);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.name)).toContain('hub-socket');
    expect(catalogueTable([{ name: 'hub-socket', machine: hubSocketMachine, source: hub }])).toContain(
      '[../api/realtime/hub-socket.machine.ts](../api/realtime/hub-socket.machine.ts) `hubSocketMachine`',
    );
  });
});
