import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../testing/test-db.ts';
import type { Db } from '../db/types.ts';
import { earlierConversations, forgetPast, searchHistory } from './conversation-history.ts';
import { CONVERSATION_RULES } from './conversation-rules.ts';
import { type ConversationRules, createConversations } from './conversations.ts';
import { createScreenShares } from './screen-shares.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
beforeEach(async () => {
  await db.query('delete from chat_conversations');
  await db.query('delete from chat_owners');
  await db.query('delete from chat_screen_shares');
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await db?.close();
});

const create = (rules?: Partial<ConversationRules>) => createConversations(db, rules);
const ada = { id: 'admin-1', name: 'Ada Admin' };
const bob = { id: 'admin-2', name: 'Bob Admin' };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Only Date is faked: the database's own timers keep running. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T10:00:00Z') });

describe('conversations in the database', () => {
  it('when an owner asks for their conversation, then it is the same unguessable id each time, another owner’s differs', async () => {
    const c = create();
    const first = await c.ownedBy('owner-digest-1');
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await c.ownedBy('owner-digest-1')).toBe(first);
    expect(await c.ownedBy('owner-digest-2')).not.toBe(first);
  });

  it('when messages are recorded, then ids grow per conversation and replay returns the latest ones after an id', async () => {
    const c = create({ historyLimit: 3 });
    await c.open('room-1', {});
    for (const text of ['a', 'b', 'c', 'd']) await c.record('room-1', 'client', text);
    await c.open('room-2', {});
    expect((await c.record('room-2', 'client', 'other'))!.entry.id).toBe(1);
    expect(await c.after('room-1', 2)).toEqual([
      { id: 3, from: 'client', text: 'c' },
      { id: 4, from: 'client', text: 'd' },
    ]);
    // What is sent is bounded (the latest three); what is stored is every message.
    expect((await c.after('room-1', 0)).map((m) => m.id)).toEqual([2, 3, 4]);
    const { rows } = await db.query('select 1 from chat_messages');
    expect(rows).toHaveLength(5);
  });

  it('when a customer writes 201 messages, then admins are sent the latest 200 (the default cap) and all 201 are kept', async () => {
    const c = create();
    await c.open('chatty', {});
    for (let n = 1; n <= 201; n++) await c.record('chatty', 'client', `message ${n}`);
    const sent = await c.after('chatty', 0);
    expect(CONVERSATION_RULES.historyLimit).toBe(200);
    expect(sent).toHaveLength(200);
    expect([sent[0]!.text, sent.at(-1)!.text]).toEqual(['message 2', 'message 201']);
    expect((await c.list())[0]!.messages).toHaveLength(200);
    await c.end('chatty');
    expect((await searchHistory(db, {})).transcripts[0]!.messages).toHaveLength(201);
  });

  it('when a message comes again with the same client id, then it is recorded once and the original entry answers the repeat', async () => {
    const c = create();
    await c.open('room', {});
    await c.open('other', {});
    expect(await c.record('room', 'client', 'Is it in stock?', 'msg-1')).toMatchObject({
      entry: { id: 1, from: 'client', text: 'Is it in stock?' },
      repeat: false,
    });
    expect(await c.record('room', 'client', 'Is it in stock?', 'msg-1')).toEqual({
      entry: { id: 1, from: 'client', text: 'Is it in stock?' },
      repeat: true,
    });
    // The same id from the other side, in another conversation, or no id at all: each is a message of its own.
    expect((await c.record('room', 'admin', 'Yes', 'msg-1'))!.repeat).toBe(false);
    expect((await c.record('other', 'client', 'Is it in stock?', 'msg-1'))!.repeat).toBe(false);
    expect((await c.record('room', 'client', 'Thanks'))!.repeat).toBe(false);
    expect((await c.record('room', 'client', 'Thanks'))!.repeat).toBe(false);
    expect(await c.after('room', 0)).toEqual([
      { id: 1, from: 'client', text: 'Is it in stock?' },
      { id: 2, from: 'admin', text: 'Yes' },
      { id: 3, from: 'client', text: 'Thanks' },
      { id: 4, from: 'client', text: 'Thanks' },
    ]);
  });

  it('when many customers write at the same moment, then every message is committed once, in order per conversation, with its number', async () => {
    const c = create();
    const keys = Array.from({ length: 10 }, (_, n) => `busy-${n}`);
    for (const key of keys) await c.open(key, {});
    await c.open('closed-one', {});
    await c.end('closed-one');
    // Sent together: they share statements (group commit), two of each conversation, one sent twice.
    const answers = await Promise.all([
      ...keys.flatMap((key) => [c.record(key, 'client', `${key} first`, `${key}-1`), c.record(key, 'client', `${key} second`, `${key}-2`)]),
      c.record('busy-0', 'client', 'busy-0 first', 'busy-0-1'),
      c.record('closed-one', 'client', 'too late'),
    ]);
    expect(answers.at(-1)).toBeUndefined();
    expect(answers.at(-2)).toEqual({ entry: { id: 1, from: 'client', text: 'busy-0 first' }, repeat: true });
    for (const key of keys) {
      expect(await c.after(key, 0)).toEqual([
        { id: 1, from: 'client', text: `${key} first` },
        { id: 2, from: 'client', text: `${key} second` },
      ]);
    }
    expect((await db.query('select 1 from chat_messages')).rows).toHaveLength(20);
  });

  it('when two admins answer, then the first takes the conversation and keeps it until it ends', async () => {
    const c = create();
    await c.open('room', { name: 'Carla Customer' });
    expect(await c.take('room', ada)).toEqual(ada);
    expect(await c.take('room', bob)).toEqual(ada);
    expect(await c.take('room', ada)).toEqual(ada);
    expect((await c.get('room'))?.takenBy).toEqual(ada);
    expect(await c.end('room')).toBe(true);
    expect(await c.take('room', bob)).toBeUndefined();
    // Opened again, it is free: whoever answers first now takes it.
    await c.open('room', {});
    expect(await c.take('room', bob)).toEqual(bob);
  });

  it('when conversations are open, then the list holds each with who is writing, holder, waiting time and messages, and no ended one', async () => {
    fakeClock();
    const c = create();
    await c.open('one', { name: 'Carla Customer' });
    await c.record('one', 'client', 'Hello?');
    await c.take('one', ada);
    await c.record('one', 'admin', 'Hi Carla');
    await c.open('two', {});
    const asked = new Date().toISOString();
    await c.record('two', 'client', 'Anyone?');
    vi.advanceTimersByTime(MINUTE);
    await c.record('two', 'client', 'Hello??');
    await c.open('three', {});
    await c.end('three');
    const [one, two, ...rest] = await c.list();
    expect(rest).toEqual([]);
    expect(one).toEqual({
      user: 'one',
      name: 'Carla Customer',
      takenBy: ada,
      messages: [
        { id: 1, from: 'client', text: 'Hello?' },
        { id: 2, from: 'admin', text: 'Hi Carla' },
      ],
    });
    // A guest: `Guest` and the conversation's number; the first unanswered message's time.
    expect(two).toMatchObject({ user: 'two', name: expect.stringMatching(/^Guest \d+$/), waitingSince: asked });
    expect(two!.messages.map((m) => m.text)).toEqual(['Anyone?', 'Hello??']);
  });

  it('when a shared screen ends, then its line is in the transcript only, never in the live chat nor the text search', async () => {
    fakeClock();
    const c = create();
    const shares = createScreenShares(db, 'api-1');
    const shared = async (key: string, since: number) => (await shares.began(key, since), shares.ended(key));
    await c.open('room', {});
    await c.record('room', 'client', 'hi');
    expect(await shared('room', Date.now() - 2 * MINUTE)).toBe(true);
    expect((await c.after('room', 0)).map((m) => m.text)).toEqual(['hi']);
    expect((await c.list())[0]!.messages.map((m) => m.text)).toEqual(['hi']);
    await c.end('room');
    expect(await shared('room', Date.now() - MINUTE)).toBe(true);
    expect(await shared('never-wrote', Date.now())).toBe(false);
    const line = (since: string) => ({
      from: 'screen',
      text: `Shared screen from ${since} UTC to 10:00 UTC`,
      since: `2030-01-01T${since}:00.000Z`,
      at: '2030-01-01T10:00:00.000Z',
    });
    expect((await searchHistory(db, {})).transcripts[0]!.messages.slice(1)).toEqual([line('09:58'), line('09:59')]);
    expect((await searchHistory(db, { query: '2030' })).total).toBe(0);
  });

  it('when an instance dies while its shopper shares, then another ends the share once no one has seen it for long, at the last time it was seen', async () => {
    const clock = fakeClock();
    const c = create();
    const [dead, alive] = [createScreenShares(db, 'api-1'), createScreenShares(db, 'api-2')];
    for (const key of ['one', 'two']) {
      await c.open(key, {});
      await c.record(key, 'client', 'hi');
    }
    await dead.began('one', Date.now());
    await alive.began('two', Date.now());
    clock.setSystemTime(new Date('2030-01-01T10:02:00Z'));
    await dead.seen(['one']); // api-1's last sweep
    clock.setSystemTime(new Date('2030-01-01T10:40:00Z'));
    await alive.seen(['two']);
    expect(await alive.endStale(Date.now() - 30 * MINUTE)).toBe(1);
    await c.end('one');
    await c.end('two');
    const [two, one] = (await searchHistory(db, {})).transcripts;
    expect(one!.messages.at(-1)).toMatchObject({ from: 'screen', text: 'Shared screen from 10:00 UTC to 10:02 UTC' });
    // The share api-2 still holds has no line yet: it ends when its socket stops.
    expect(two!.messages.map((m) => m.from)).toEqual(['client']);
  });

  it('when a conversation ends, then it is no longer open, it is a transcript, and ids keep growing', async () => {
    const c = create();
    await c.open('room', {});
    await c.record('room', 'client', 'hi');
    expect(await c.end('room')).toBe(true);
    expect(await c.end('room')).toBe(false);
    expect(await c.end('never')).toBe(false);
    expect(await c.get('room')).toBeUndefined();
    expect(await c.after('room', 0)).toEqual([]);
    expect((await searchHistory(db, {})).transcripts.map((t) => t.messages.map((m) => m.text))).toEqual([['hi']]);
    // Nothing is written into a closed conversation.
    expect(await c.record('room', 'admin', 'too late')).toBeUndefined();
    expect(await c.open('room', {})).toBe(true);
    expect(await c.open('room', {})).toBe(false);
    expect((await c.record('room', 'client', 'again'))!.entry.id).toBe(2);
  });

  it('when its customer has been gone for 30 minutes, then the conversation ends; one seen meanwhile goes on', async () => {
    fakeClock();
    const c = create();
    await c.open('gone', {});
    await c.record('gone', 'client', 'Anyone there?');
    await c.open('here', {});
    vi.advanceTimersByTime(29 * MINUTE);
    expect(await c.endAbandoned()).toEqual([]);
    // A socket of the second customer is still connected: the sweep says so.
    await c.seen(['here']);
    vi.advanceTimersByTime(MINUTE);
    expect(await c.endAbandoned()).toEqual(['gone']);
    expect(await c.get('gone')).toBeUndefined();
    expect(await c.get('here')).toMatchObject({ id: 'here' });
    vi.advanceTimersByTime(30 * MINUTE);
    expect(await c.endAbandoned()).toEqual(['here']);
    expect(await c.list()).toEqual([]);
  });

  it('when a customer writes, then that counts as being there', async () => {
    fakeClock();
    const c = create();
    await c.open('room', {});
    vi.advanceTimersByTime(20 * MINUTE);
    await c.record('room', 'client', 'still thinking');
    vi.advanceTimersByTime(20 * MINUTE);
    expect(await c.endAbandoned()).toEqual([]);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(await c.endAbandoned()).toEqual(['room']);
  });

  it('when an owner has not asked for 24 hours, then the sweep forgets their id and the next ask gets a new one', async () => {
    fakeClock();
    const c = create();
    const first = await c.ownedBy('owner');
    vi.advanceTimersByTime(DAY - 1);
    expect(await c.ownedBy('owner')).toBe(first);
    vi.advanceTimersByTime(DAY);
    await forgetPast(db, { days: 365 });
    expect((await db.query('select 1 from chat_owners')).rows).toEqual([]);
    expect(await c.ownedBy('owner')).not.toBe(first);
  });
});

describe('conversation history', () => {
  const closed = async (key: string, customer: { name?: string; email?: string; userId?: string }, texts: string[]) => {
    const c = create();
    await c.open(key, customer);
    for (const text of texts) await c.record(key, 'client', text);
    await c.end(key);
  };

  it('when transcripts are searched, then name, email and text match in any case, newest first, a page at a time', async () => {
    fakeClock();
    await closed('a', { name: 'Carla Customer', email: 'carla@example.test' }, ['Where is my parcel?']);
    vi.advanceTimersByTime(MINUTE);
    await closed('b', {}, ['Do you ship to Malta?']);
    vi.advanceTimersByTime(MINUTE);
    await closed('c', { name: 'Dan Doe', email: 'dan@example.test' }, ['Gift wrap 100%?']);
    const names = async (query: string) => (await searchHistory(db, { query })).transcripts.map((t) => t.name);
    expect(await names('')).toEqual(['Dan Doe', expect.stringMatching(/^Guest \d+$/), 'Carla Customer']);
    expect(await names('CARLA')).toEqual(['Carla Customer']);
    expect(await names('dan@example')).toEqual(['Dan Doe']);
    expect(await names('malta')).toEqual([expect.stringMatching(/^Guest/)]);
    // What the admin types is text, not a pattern.
    expect(await names('100%')).toEqual(['Dan Doe']);
    expect(await names('%')).toEqual(['Dan Doe']);
    const second = await searchHistory(db, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ page: 2, pages: 2, total: 3, transcripts: [{ name: 'Carla Customer' }] });
    expect(second.transcripts[0]!.messages).toEqual([{ from: 'client', text: 'Where is my parcel?', at: '2030-01-01T10:00:00.000Z' }]);
  });

  it('when CHAT_HISTORY_DAYS pass after a conversation closed, then the sweep deletes it with its messages; a younger one stays', async () => {
    fakeClock();
    await closed('old', {}, ['old question']);
    vi.advanceTimersByTime(2 * DAY);
    await closed('young', {}, ['young question']);
    vi.advanceTimersByTime(365 * DAY);
    expect(await forgetPast(db, { days: 367 })).toBe(0);
    expect(await forgetPast(db, { days: 366 })).toBe(1);
    expect((await searchHistory(db, {})).transcripts.map((t) => t.messages[0]!.text)).toEqual(['young question']);
    expect((await db.query('select body from chat_messages')).rows).toEqual([{ body: 'young question' }]);
  });

  it("when a logged-in customer's conversations closed, then their earlier ones come back oldest first, nobody else's", async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (name, last_name, email, password_hash) values ('E', 'F', 'ef-' || gen_random_uuid() || '@example.test', 'x') returning id`,
    );
    const userId = rows[0]!.id;
    await closed('s1', { name: 'E F', userId }, ['first visit']);
    await closed('s2', { name: 'E F', userId }, ['second visit']);
    await closed('g', {}, ['a guest']);
    expect((await earlierConversations(db, userId)).map((t) => t.messages[0]!.text)).toEqual(['first visit', 'second visit']);
  });
});
