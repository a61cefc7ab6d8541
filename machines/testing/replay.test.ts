import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '../cart/cart.machine.ts';
import { createEventLog } from '../shared/event-log.ts';
import { memoryStorage } from '../shared/storage.ts';
import { parseLog, replayActors, replayLog, stateText } from './replay.ts';

// Recorded by the shop's machines: log in, add two lines, check out with cash on delivery
// (Place order pressed twice; the checkout empties the cart). Every value off the allow-list is masked (machines/shared/event-log-mask.ts).
const fixture = path.resolve(import.meta.dirname, '../../tests/fixtures/event-logs/checkout-cod.json');
const entries = parseLog(readFileSync(fixture, 'utf8'));
// Recorded by the chat machines (tests/fixtures/event-logs/record-chat.ts): a shopper and an
// admin chat, the admin closes, the shopper's next message reconnects; every text masked to its layout.
const chatFixture = path.resolve(import.meta.dirname, '../../tests/fixtures/event-logs/chat.json');
const chatEntries = parseLog(readFileSync(chatFixture, 'utf8'));

/** The shop as it would be with a bug: Place order never enabled, however complete the profile. */
const withBlockedCheckout = () => {
  const actors = replayActors();
  const checkout = actors.checkout!;
  return { ...actors, checkout: { ...checkout, machine: checkout.machine.provide({ guards: { canOrder: () => false } }) } };
};

describe('replay of an exported event log', () => {
  it('when the recorded checkout log is replayed on the machines, then every actor follows the recorded states', () => {
    const { lines, problem } = replayLog(entries);
    expect(problem).toBeNull();
    expect(lines).toEqual(
      expect.arrayContaining([
        'auth      login done → loggedIn.role.user, loggedIn.profile.idle',
        'checkout  reprice done → open.summary.ready',
        'checkout  checkout.placeOrder → open.confirming (ignored)',
        'checkout  createOrder done → placed',
      ]),
    );
  });

  it('when a machine has a bug the log did not have, then replay stops at the divergence and names the states', () => {
    const { lines, problem } = replayLog(entries, withBlockedCheckout());
    expect(problem).toBe(
      'entry 9 (checkout): after xstate.done.actor.reprice the log recorded open.summary.ready, the machine is in open.summary.blocked',
    );
    expect(lines.at(-1)).toContain('✗');
  });

  it('when a log without recorded states has an event the machine cannot take, then replay says so', () => {
    const { problem } = replayLog([{ actor: 'cart', event: { type: 'cart.remove', productID: 'p1' } }]);
    expect(problem).toBe('entry 0 (cart): cart.remove cannot be taken in active.idle');
  });

  it("when the browser's machine took an event this one ignores, then replay reports the difference", () => {
    const { problem } = replayLog([{ actor: 'cart', event: { type: 'cart.remove', productID: 'p1' }, taken: true, state: 'active' }]);
    expect(problem).toContain("the browser's machine took it, this one ignores it");
  });

  it('when the log names an actor replay does not know, then it names the actors it knows', () => {
    expect(replayLog([{ actor: 'ghost', event: { type: 'x' } }]).problem).toMatch(
      /"ghost" that replay does not know \(known: cart, auth, .*checkout/,
    );
  });

  it('when a log recorded a logged-in start, then auth starts logged in with the same role', () => {
    const { lines, problem } = replayLog([
      { actor: 'auth', event: { type: 'xstate.init' }, state: { loggedIn: { role: 'admin', profile: 'idle' } } },
    ]);
    expect(problem).toBeNull();
    expect(lines).toEqual(['auth  starts in loggedIn.role.admin, loggedIn.profile.idle']);
  });

  it('when a live session is logged and replayed, then the log carries what the machine made of each event', () => {
    const log = createEventLog();
    const cart = createActor(cartMachine, { input: { storage: memoryStorage() }, inspect: log.inspect('cart') }).start();
    cart.send({ type: 'cart.add', item: { productID: 'p1', name: 'Lamp', price: 3, count: 0, quantity: 1 } });
    cart.stop();
    expect(log.entries).toEqual([
      { actor: 'cart', event: { type: 'xstate.init' }, state: { active: 'idle' } },
      { actor: 'cart', event: expect.objectContaining({ type: 'cart.add' }), taken: false, state: { active: 'idle' } },
    ]);
    expect(replayLog(parseLog(log.toJSON())).problem).toBeNull();
  });

  it('when the log recorded a plain input, then replay starts the actor with it, and a storage input is never recorded', () => {
    const log = createEventLog();
    const guard = createActor(replayActors().guard!.machine, { input: { area: 'admin' }, inspect: log.inspect('guard') }).start();
    guard.send({ type: 'xstate.done.actor.fetchToken', output: { token: 't', isAdmin: false } });
    guard.stop();
    const cart = createActor(cartMachine, { input: { storage: memoryStorage({ secret: 'x' }) }, inspect: log.inspect('cart') }).start();
    cart.stop();
    const exported = parseLog(log.toJSON());
    expect(exported[0]).toMatchObject({ input: { area: 'admin' } });
    expect(exported.find((e) => e.actor === 'cart')).not.toHaveProperty('input');
    // A shopper on an admin page is sent home; on the model's default user page it would be shown the page.
    expect(replayLog(exported)).toMatchObject({ problem: null, lines: expect.arrayContaining(['guard  fetchToken done → redirectHome']) });
  });

  it("when the recorded chat log is replayed, then the shopper's and the admin's chat machines follow the recorded states", () => {
    const { lines, problem } = replayLog(chatEntries);
    expect(problem).toBeNull();
    expect(lines).toEqual(
      expect.arrayContaining([
        'admin-chat     admin.clientMessage → online',
        'customer-chat  chat.adminClosed → connection.closed, composer.editing, sharing.off, panel.hidden',
        'customer-chat  chat.submit → connection.online.connecting, composer.clearing, sharing.off, panel.shown',
      ]),
    );
    expect(JSON.stringify(chatEntries)).not.toMatch(/@|555|Ann/);
  });

  it('when the chat machine has a bug the log did not have (Send never sends), then replay stops at the first message', () => {
    const actors = replayActors();
    const chat = actors['customer-chat']!;
    const bugged = { ...actors, 'customer-chat': { ...chat, machine: chat.machine.provide({ guards: { canSend: () => false } }) } };
    const { problem } = replayLog(chatEntries, bugged);
    expect(problem).toMatch(/^entry 4 \(customer-chat\): .*chat\.submit.*the browser's machine took it, this one ignores it/);
  });

  it('when two fetch actors of one screen are logged at once, then each entry says which, and each replays on its own', () => {
    const log = createEventLog();
    const machine = replayActors().fetch!.machine;
    const first = createActor(machine, { input: { url: '/api/a' }, inspect: log.inspect('fetch', { many: true }) }).start();
    const second = createActor(machine, { input: { url: null }, inspect: log.inspect('fetch', { many: true }) }).start();
    second.send({ type: 'fetch.url', url: '/api/b' });
    first.send({ type: 'xstate.done.actor.get', output: ['a'] });
    second.send({ type: 'xstate.error.actor.get', error: { status: 500, message: 'down' } });
    first.stop();
    second.stop();
    expect(log.entries.map((e) => `${e.actor}#${e.run} ${e.event.type} → ${stateText(e.state!)}`)).toEqual([
      'fetch#1 xstate.init → loading',
      'fetch#2 xstate.init → waiting',
      'fetch#2 fetch.url → loading',
      'fetch#1 xstate.done.actor.get → ready',
      'fetch#2 xstate.error.actor.get → failed',
    ]);
    expect(replayLog(parseLog(log.toJSON())).problem).toBeNull();
  });

  it("when an actor is sent events before it starts (a first render's effects), then its start is logged first, each says whether it was taken, and the log replays", () => {
    const log = createEventLog();
    const fetch = createActor(replayActors().fetch!.machine, { input: { url: null }, inspect: log.inspect('fetch', { many: true }) });
    // Two readers ask for the same list on the first render: the second finds it asked already.
    fetch.send({ type: 'fetch.url', url: '/api/categories' });
    fetch.send({ type: 'fetch.url', url: '/api/categories' });
    fetch.start();
    fetch.stop();
    expect(log.entries.map((e) => `${e.event.type} ${e.taken ?? ''} → ${stateText(e.state!)}`)).toEqual([
      'xstate.init  → waiting',
      'fetch.url true → loading',
      'fetch.url false → loading',
    ]);
    expect(replayLog(parseLog(log.toJSON())).problem).toBeNull();
  });

  it('when state values are printed, then parallel regions read as dotted leaves', () => {
    expect(stateText({ a: { b: 'c', d: 'e' } })).toBe('a.b.c, a.d.e');
    expect(stateText('idle')).toBe('idle');
  });

  it('when `npm run replay` is given the log, then it prints the states and exits 0; on a tampered log it exits 1 naming the entry', () => {
    const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], { encoding: 'utf8' });
    const ok = run(fixture);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('checkout  createOrder done → placed');
    const tampered = JSON.parse(readFileSync(fixture, 'utf8')) as { state?: unknown }[];
    tampered.at(-1)!.state = 'gone';
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'replay-')), 'log.json');
    writeFileSync(file, JSON.stringify(tampered));
    const bad = run(file);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(
      'replay: diverges at entry 14 (checkout): after xstate.done.actor.createOrder the log recorded gone, the machine is in placed',
    );
  });
});
