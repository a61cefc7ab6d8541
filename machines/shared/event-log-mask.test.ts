import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type InspectionEvent, SimulatedClock, type AnyEventObject } from 'xstate';
import { pinPadMachine } from '../kiosk/pin-pad.machine.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { generatePaths } from '../testing/model.ts';
import { allModels } from '../testing/models.ts';
import { parseLog, replayLog } from '../testing/replay.ts';
import { maskText, redact, SAFE_KEYS } from './event-log-mask.ts';
import { createEventLog } from './event-log.ts';

/** Personal and secret values a security audit found in exported logs, and their kin. */
const CORPUS = {
  pin: '135790',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhYmMifQ.c2lnbmF0dXJl',
  apiKey: 'sk_live_51HqLyjWDarjtT1zdp7dc',
  sid: 's%3AQ2hhbmdlTWVOb3c.tUvWxYz',
  phone: '+1 555 010 0002',
  zip: '97403',
  fullName: 'John Doe',
  street: '742 Evergreen Terrace',
  email: 'john@doe.com',
  password: 'hunter22',
};
const SECRETS = Object.values(CORPUS);

/**
 * Every string outside the allow-list gets a corpus value, so the export shows whether anything
 * but the allow-listed keys survives; the allow-list itself is checked against personal keys below.
 */
const NOT_PERSONAL = SAFE_KEYS;

/** The event with every personal-looking string replaced by a corpus value, and the audit's keys added. */
const poisoned = (event: AnyEventObject): unknown => {
  let n = 0;
  const next = () => SECRETS[n++ % SECRETS.length]!;
  // A product line's `name` is the product's (kept for bug reports), not a person's; an API error's
  // `message` beside its status is the shop's own sentence (machines choose by it); a `path` is the
  // shop's route, kept but for the search text and query values in it (tested on its own below).
  const personal = (key: string | null, holder: object | null) =>
    !(
      key !== null &&
      (NOT_PERSONAL.has(key) ||
        key === 'path' ||
        (key === 'name' && holder !== null && 'productID' in holder) ||
        (key === 'message' && holder !== null && typeof (holder as { status?: unknown }).status === 'number'))
    );
  const walk = (value: unknown, key: string | null, holder: object | null): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key, holder));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, value)]));
    if (typeof value === 'string' && personal(key, holder)) return next();
    return value;
  };
  return { ...(walk(event, null, null) as object), ...CORPUS, pinDigits: [1, 3, 5, 7, 9, 0], nested: { ...CORPUS } };
};

/** Every event each machine's model sends along its generated paths. */
const everyMachinesEvents = (): Array<[string, AnyEventObject]> =>
  allModels().flatMap((spec) => {
    const seen = new Map<string, AnyEventObject>();
    for (const input of spec.inputs ?? [spec.input]) {
      for (const path of generatePaths(spec, input)) for (const { event } of path.steps) seen.set(JSON.stringify(event), event);
    }
    return [...seen.values()].map((event): [string, AnyEventObject] => [spec.name, event]);
  });

describe('event log masking', () => {
  it('when every machine’s events carry personal and secret values, then no export holds any of them', () => {
    const events = everyMachinesEvents();
    expect(new Set(events.map(([name]) => name)).size).toBe(allModels().length);
    const leaks: string[] = [];
    for (const [name, event] of events) {
      const exported = JSON.stringify(redact(poisoned(event)));
      for (const secret of SECRETS) if (exported.includes(secret)) leaks.push(`${name} ${event.type}: ${secret}`);
      if (exported.includes('[1,3,5,7,9,0]')) leaks.push(`${name} ${event.type}: PIN digits`);
    }
    expect(leaks).toEqual([]);
  });

  it('when the allow-list is read, then it names no key a person or a secret is sent under', () => {
    const personal = /name|mail|phone|address|street|city|state|zip|country|pass|pin|digit|token|jwt|key|sid|secret|cookie|text|message/i;
    // `pinSet` only says whether the kiosk has a PIN at all.
    expect([...SAFE_KEYS].filter((key) => personal.test(key) && key !== 'pinSet')).toEqual([]);
  });

  it("when the audit's keys reach redact() (pin, jwt, apiKey, sid, phone, zip, fullName, street), then none passes unchanged", () => {
    const exported = redact({ type: 'x', ...CORPUS }) as Record<string, string>;
    for (const [key, value] of Object.entries(CORPUS)) {
      expect(exported[key], key).not.toBe(value);
      expect(exported[key], key).toHaveLength(value.length);
    }
    expect(exported).toMatchObject({ type: 'x', pin: '000000', zip: '00000', phone: '+0 000 000 0000', fullName: 'xxxx xxx' });
  });

  it('when PIN digits are logged, then each becomes 0, as text or as a number', () => {
    expect(['1', '3', '5', '7', '9', '0'].map((digit) => redact({ type: 'pin.digit', digit }))).toEqual(
      Array.from({ length: 6 }, () => ({ type: 'pin.digit', digit: '0' })),
    );
    expect(redact({ type: 'pin.digit', digit: 7 })).toEqual({ type: 'pin.digit', digit: 0 });
  });

  it('when chat texts are logged, then each is a placeholder of the same length keeping its whitespace, a blank one stays blank', () => {
    const text = 'I am John Doe,\n742 Evergreen Terrace  ☎ +1 555 010 0002';
    const masked = redact({ type: 'chat.input', text }) as { text: string };
    expect(masked.text).toHaveLength(text.length);
    expect(masked.text).toBe(maskText(text));
    expect(masked.text.replace(/\S/g, '')).toBe(text.replace(/\S/g, ''));
    expect(masked.text).not.toMatch(/John|742|555/);
    expect(redact({ type: 'chat.input', text: '  \n ' })).toEqual({ type: 'chat.input', text: '  \n ' });
    expect(redact({ type: 'admin.clientMessage', user: 'conv-1', message: 'Hi', name: 'Ann' })).toEqual({
      type: 'admin.clientMessage',
      user: 'conversation-1',
      message: 'xx',
      name: 'xxx',
    });
  });

  it('when a value is on the allow-list, then it stays: ids, product lines, amounts, states and times', () => {
    const event = {
      type: 'cart.add',
      item: { productID: 'p1', name: 'Dell XPS 13', price: 949.99, count: 3, quantity: 2, image: { path: '/images/p1.jpg' } },
      to: { path: '/product-list/category/Laptops/2' },
      order: { _id: 'o1', isPaid: true, paidAt: '2026-01-02T10:00:00.000Z', paymentMethod: 'cod', itemsCount: 2, cartSubtotal: 1899.98 },
    };
    expect(redact(event)).toEqual(event);
  });

  it('when a path or one of the shop’s error sentences echoes a search, then what was typed is masked and the rest stays', () => {
    expect(
      redact({ type: 'route.changed', path: '/product-list/category/Laptops/search/John Doe 42/2?search=jane&sort=price#x1' }),
    ).toEqual({
      type: 'route.changed',
      path: '/product-list/category/Laptops/search/xxxx xxx 00/2?search=xxxx&sort=xxxxx#x0',
    });
    const failed = {
      type: 'xstate.error.actor.search',
      error: { status: 404, message: 'No such endpoint: GET /api/products/search/john%40mail.test?page=2' },
    };
    expect(redact(failed)).toEqual({
      ...failed,
      error: { status: 404, message: 'No such endpoint: GET /api/products/search/xxxx%00xxxx.xxxx?page=0' },
    });
    const quoted = { status: 400, message: "Nothing matches “Jane Roe” or '555 0100'; this link was used" };
    expect(redact(quoted)).toEqual({ status: 400, message: "Nothing matches “xxxx xxx” or '000 0000'; this link was used" });
  });

  it('when conversation ids are exported, then each becomes the same pseudonym wherever it appears, and two stay apart', () => {
    const log = createEventLog();
    const actor = { sessionId: 's1', getSnapshot: () => ({ status: 'active', can: () => true }) } as unknown as AnyActorRef;
    const received = (event: AnyEventObject) =>
      log.inspect('admin-chat')({ type: '@xstate.event', actorRef: actor, rootId: 's1', event } as unknown as InspectionEvent);
    received({ type: 'admin.clientMessage', user: 'Xq3-secret-conversation-id', message: 'hi' });
    received({ type: 'admin.clientMessage', user: 'Other-secret-conversation', message: 'hey' });
    received({ type: 'admin.disconnected', socketId: 'Xq3-secret-conversation-id' });
    const exported = log.toJSON();
    expect(exported).not.toMatch(/secret-conversation/);
    expect((JSON.parse(exported) as Array<{ event: Record<string, string> }>).map(({ event }) => event.user ?? event.socketId)).toEqual([
      'conversation-1',
      'conversation-2',
      'conversation-1',
    ]);
  });

  it("when an admin's log holds a shopper's shared screen, then nothing of it is exported, not even masked, and the admin's machine replays the same", () => {
    const screen = {
      path: '/product/p1',
      title: 'Mug',
      signedInAs: 'Ann',
      cart: [{ name: 'Mug', quantity: 2, price: 9, note: 'only 2 left' }],
      step: null,
      error: null,
      events: [{ machine: 'cart', event: 'cart.add', at: '2026-11-29T10:00:00Z' }],
    };
    expect(
      redact([
        { type: 'admin.screen', user: 's1', screen },
        { type: 'admin.screen', user: 's1', screen: null },
      ]),
    ).toEqual([
      { type: 'admin.screen', user: 'conversation-1', screen: {} },
      { type: 'admin.screen', user: 'conversation-1', screen: null },
    ]);
    // The shopper's own screen in their own log is theirs: masked as the rest of it.
    expect(redact({ type: 'chat.screen', screen })).toMatchObject({ screen: { cart: [{ quantity: 2, price: 9 }] } });
  });

  it('when a value is not on the allow-list, then it is masked by shape (text) or to 0 (numbers); booleans and blanks stay', () => {
    expect(redact({ token: 'abc-123', secretNumber: 4711, flag: true, empty: '', none: null, blank: '  ' })).toEqual({
      token: 'xxx-000',
      secretNumber: 0,
      flag: true,
      empty: '',
      none: null,
      blank: '  ',
    });
  });

  it('when an operator types a PIN with recording on, then the log holds only zeros for its digits and still replays to the same states', async () => {
    const log = createEventLog();
    const control = createControl();
    const clock = new SimulatedClock();
    const pad = createActor(pinPadMachine.provide({ actors: { status: control.promise(), check: control.promise() } }), {
      input: { holdMs: 5000 },
      clock,
      inspect: log.inspect('pin-pad'),
    }).start();
    pad.send({ type: 'pin.press' });
    clock.increment(5000);
    await control.resolve('status', { pinSet: true });
    for (const digit of '135790') pad.send({ type: 'pin.digit', digit });
    pad.send({ type: 'pin.submit' });
    await control.reject('check', { status: 403, message: 'Wrong PIN. 4 tries left.', field: 'pin' });
    expect(pad.getSnapshot().hasTag('wrong')).toBe(true);
    pad.stop();

    const exported = log.toJSON();
    const digits = parseLog(exported).flatMap((e) => (e.event.type === 'pin.digit' ? [e.event.digit as string] : []));
    expect(digits).toEqual(['0', '0', '0', '0', '0', '0']);
    for (const d of '13579') expect(exported).not.toContain(`"digit": "${d}"`);
    expect(replayLog(parseLog(exported)).problem).toBeNull();
  });

  it('when the recorded chat log (a name, a phone and an e-mail in its texts) is read, then none of them is there and it replays', () => {
    const json = readFileSync(new URL('../../tests/fixtures/event-logs/chat.json', import.meta.url), 'utf8');
    for (const personal of ['Ann', 'Lee', '555', '4567', 'ann@example.com', 'call me']) expect(json).not.toContain(personal);
    expect(replayLog(parseLog(json)).problem).toBeNull();
  });
});
