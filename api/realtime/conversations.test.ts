import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { createLogger } from '#server/logger.ts';
import { CONVERSATION_RULES } from './conversation-rules.ts';
import { type ConversationRules, type Conversations, createConversations } from './conversations.ts';
import { type HubRedis, openHubRedis } from './redis-client.ts';
import { createRedisConversations } from './redis-conversations.ts';

const hasRedis = existsSync(REDIS_SERVER_BINARY);
let server: RedisServer | undefined;
let redis: HubRedis | undefined;

beforeAll(async () => {
  if (!hasRedis) return;
  server = await startRedisServer();
  redis = openHubRedis(server.url, createLogger('silent'));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await redis?.close();
  await server?.stop();
});

type Create = (rules?: Partial<ConversationRules>) => Conversations;
const stores: Array<[string, Create, boolean]> = [
  ['in memory', createConversations, true],
  ['in Redis', (rules) => createRedisConversations(redis!, { ...rules, prefix: `test:${randomUUID()}` }), hasRedis],
];

const ada = { id: 'admin-1', name: 'Ada Admin' };
const bob = { id: 'admin-2', name: 'Bob Admin' };
const MINUTE = 60_000;
/** Only Date is faked: the Redis client's own timers keep running. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T10:00:00Z') });

describe.each(stores)('conversations %s', (_name, create, runs) => {
  it.runIf(runs)(
    'when an owner asks for their conversation, then it is the same unguessable id each time, another owner’s differs',
    async () => {
      const c = create();
      const first = await c.ownedBy('owner-digest-1');
      expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await c.ownedBy('owner-digest-1')).toBe(first);
      expect(await c.ownedBy('owner-digest-2')).not.toBe(first);
    },
  );

  it.runIf(runs)('when messages are recorded, then ids grow per conversation and replay returns the latest ones after an id', async () => {
    const c = create({ historyLimit: 3 });
    await c.open('room-1', {});
    for (const text of ['a', 'b', 'c', 'd']) await c.record('room-1', 'client', text);
    await c.open('room-2', {});
    expect((await c.record('room-2', 'client', 'other')).entry.id).toBe(1);
    expect(await c.after('room-1', 2)).toEqual([
      { id: 3, from: 'client', text: 'c' },
      { id: 4, from: 'client', text: 'd' },
    ]);
    // Bounded: the oldest of four went when the limit is three.
    expect((await c.after('room-1', 0)).map((m) => m.id)).toEqual([2, 3, 4]);
  });

  it.runIf(runs)('when a customer writes 201 messages, then the conversation keeps the latest 200 (the default cap)', async () => {
    const c = create();
    await c.open('chatty', {});
    for (let n = 1; n <= 201; n++) await c.record('chatty', 'client', `message ${n}`);
    const kept = await c.after('chatty', 0);
    expect(CONVERSATION_RULES.historyLimit).toBe(200);
    expect(kept).toHaveLength(200);
    expect([kept[0]!.text, kept.at(-1)!.text]).toEqual(['message 2', 'message 201']);
    expect((await c.list())[0]!.messages).toHaveLength(200);
  });

  it.runIf(runs)(
    'when a message comes again with the same client id, then it is recorded once and the original entry answers the repeat',
    async () => {
      const c = create();
      await c.open('room', {});
      expect(await c.record('room', 'client', 'Is it in stock?', 'msg-1')).toEqual({
        entry: { id: 1, from: 'client', text: 'Is it in stock?' },
        repeat: false,
      });
      expect(await c.record('room', 'client', 'Is it in stock?', 'msg-1')).toEqual({
        entry: { id: 1, from: 'client', text: 'Is it in stock?' },
        repeat: true,
      });
      // The same id from the other side, in another conversation, or no id at all: each is a message of its own.
      expect((await c.record('room', 'admin', 'Yes', 'msg-1')).repeat).toBe(false);
      expect((await c.record('other', 'client', 'Is it in stock?', 'msg-1')).repeat).toBe(false);
      expect((await c.record('room', 'client', 'Thanks')).repeat).toBe(false);
      expect((await c.record('room', 'client', 'Thanks')).repeat).toBe(false);
      expect(await c.after('room', 0)).toEqual([
        { id: 1, from: 'client', text: 'Is it in stock?' },
        { id: 2, from: 'admin', text: 'Yes' },
        { id: 3, from: 'client', text: 'Thanks' },
        { id: 4, from: 'client', text: 'Thanks' },
      ]);
    },
  );

  it.runIf(runs)(
    'when a repeat comes after its entry left the bounded history, then it counts as new (the memory of ids is as bounded as the history)',
    async () => {
      const c = create({ historyLimit: 2 });
      await c.open('room', {});
      await c.record('room', 'client', 'first', 'msg-1');
      await c.record('room', 'client', 'second', 'msg-2');
      await c.record('room', 'client', 'third', 'msg-3');
      expect((await c.record('room', 'client', 'second', 'msg-2')).repeat).toBe(true);
      expect((await c.record('room', 'client', 'first', 'msg-1')).entry.id).toBe(4);
    },
  );

  it.runIf(runs)('when two admins answer, then the first takes the conversation and keeps it until it ends', async () => {
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

  it.runIf(runs)('when conversations are open, then the list holds each with its name, holder and messages, and no ended one', async () => {
    const c = create();
    await c.open('one', { name: 'Carla Customer' });
    await c.record('one', 'client', 'Hello?');
    await c.take('one', ada);
    await c.record('one', 'admin', 'Hi Carla');
    await c.open('two', {});
    await c.record('two', 'client', 'Anyone?');
    await c.open('three', {});
    await c.end('three');
    const listed = await c.list();
    expect(listed.sort((a, b) => a.user.localeCompare(b.user))).toEqual([
      {
        user: 'one',
        name: 'Carla Customer',
        takenBy: ada,
        messages: [
          { id: 1, from: 'client', text: 'Hello?' },
          { id: 2, from: 'admin', text: 'Hi Carla' },
        ],
      },
      { user: 'two', messages: [{ id: 1, from: 'client', text: 'Anyone?' }] },
    ]);
  });

  it.runIf(runs)('when a conversation ends, then it is no longer open, its history is gone and ids keep growing', async () => {
    const c = create();
    await c.open('room', {});
    await c.record('room', 'client', 'hi');
    expect(await c.end('room')).toBe(true);
    expect(await c.end('room')).toBe(false);
    expect(await c.end('never')).toBe(false);
    expect(await c.get('room')).toBeUndefined();
    expect(await c.after('room', 0)).toEqual([]);
    expect(await c.open('room', {})).toBe(true);
    expect(await c.open('room', {})).toBe(false);
    expect((await c.record('room', 'client', 'again')).entry.id).toBe(2);
  });

  it.runIf(runs)('when its customer has been gone for 30 minutes, then the conversation ends; one seen meanwhile goes on', async () => {
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
    expect(await c.after('gone', 0)).toEqual([]);
    expect(await c.get('here')).toMatchObject({ id: 'here' });
    vi.advanceTimersByTime(30 * MINUTE);
    expect(await c.endAbandoned()).toEqual(['here']);
    expect(await c.list()).toEqual([]);
  });

  it.runIf(runs)('when a customer writes, then that counts as being there', async () => {
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
});

describe('conversations: keeping', () => {
  it('when a conversation has not changed for 24 hours, then what it holds is forgotten (in memory)', async () => {
    fakeClock();
    const c = createConversations();
    await c.open('room', {});
    await c.record('room', 'client', 'Hello');
    vi.advanceTimersByTime(24 * 3600_000 - 1);
    expect(await c.after('room', 0)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(await c.after('room', 0)).toEqual([]);
    expect(await c.get('room')).toBeUndefined();
    expect(await c.list()).toEqual([]);
  });

  it.runIf(hasRedis)('when a conversation changes in Redis, then its keys expire 24 hours later', async () => {
    const prefix = `test:${randomUUID()}`;
    const c = createRedisConversations(redis!, { prefix });
    await c.open('room', {});
    await c.record('room', 'client', 'Hello');
    for (const key of [`${prefix}:room:room`, `${prefix}:history:room`]) {
      const ttl = await redis!.pTTL(key);
      expect(ttl).toBeGreaterThan(24 * 3600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    }
  });
});
