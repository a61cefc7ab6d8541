import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { createLogger } from '../logger.ts';
import { type Conversations, createConversations } from './conversations.ts';
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
afterAll(async () => {
  await redis?.close();
  await server?.stop();
});

const stores: Array<[string, (historyLimit: number) => Conversations, boolean]> = [
  ['in memory', createConversations, true],
  ['in Redis', (historyLimit) => createRedisConversations(redis!, { historyLimit, prefix: `test:${randomUUID()}` }), hasRedis],
];

const admin1 = { socketId: 'admin-socket-1', userId: 'admin-1' };

describe.each(stores)('conversations %s', (_name, create, runs) => {
  it.runIf(runs)('when messages are recorded, then ids grow per room and replay returns the latest ones after an id', async () => {
    const c = create(3);
    await c.assign('room-1', admin1);
    for (const text of ['a', 'b', 'c', 'd']) await c.record('room-1', 'client', text);
    expect((await c.record('room-2', 'client', 'other')).entry.id).toBe(1);
    expect(await c.after('room-1', 2)).toEqual([
      { id: 3, from: 'client', text: 'c' },
      { id: 4, from: 'client', text: 'd' },
    ]);
    // Bounded: the oldest of four went when the limit is three.
    expect((await c.after('room-1', 0)).map((m) => m.id)).toEqual([2, 3, 4]);
    expect(await c.get('room-1')).toEqual({ roomId: 'room-1', adminSocketId: 'admin-socket-1', adminUserId: 'admin-1' });
  });

  it.runIf(runs)(
    'when a message comes again with the same client id, then it is recorded once and the original entry answers the repeat',
    async () => {
      const c = create(10);
      await c.assign('room', admin1);
      expect(await c.record('room', 'client', 'Is it in stock?', 'msg-1')).toEqual({
        entry: { id: 1, from: 'client', text: 'Is it in stock?' },
        repeat: false,
      });
      expect(await c.record('room', 'client', 'Is it in stock?', 'msg-1')).toEqual({
        entry: { id: 1, from: 'client', text: 'Is it in stock?' },
        repeat: true,
      });
      // The same id from the other side, in another room, or no id at all: each is a message of its own.
      expect((await c.record('room', 'admin', 'Yes', 'msg-1')).repeat).toBe(false);
      expect((await c.record('other', 'client', 'Is it in stock?', 'msg-1')).repeat).toBe(false);
      expect((await c.record('room', 'client', 'Thanks')).repeat).toBe(false);
      expect((await c.record('room', 'client', 'Thanks')).repeat).toBe(false);
      // Replay shows the contract's entries only, the repeat not among them.
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
      const c = create(2);
      await c.record('room', 'client', 'first', 'msg-1');
      await c.record('room', 'client', 'second', 'msg-2');
      await c.record('room', 'client', 'third', 'msg-3');
      expect((await c.record('room', 'client', 'second', 'msg-2')).repeat).toBe(true);
      expect((await c.record('room', 'client', 'first', 'msg-1')).entry.id).toBe(4);
    },
  );

  it.runIf(runs)('when the admin closes a conversation, then it is no longer open, its history is gone and ids keep growing', async () => {
    const c = create(10);
    await c.assign('room', admin1);
    await c.record('room', 'client', 'hi');
    await c.close('room');
    expect(await c.get('room')).toBeUndefined();
    expect(await c.after('room', 0)).toEqual([]);
    expect((await c.record('room', 'client', 'again')).entry.id).toBe(2);
  });

  it.runIf(runs)(
    'when an admin socket leaves for good, then its rooms stay open with the admin user kept, and other admins keep theirs',
    async () => {
      const c = create(10);
      await c.assign('mine', admin1);
      await c.assign('theirs', { socketId: 'admin-socket-2', userId: 'admin-2' });
      await c.unassignAdmin('admin-socket-1');
      expect(await c.get('mine')).toEqual({ roomId: 'mine', adminSocketId: undefined, adminUserId: 'admin-1' });
      expect((await c.get('theirs'))?.adminSocketId).toBe('admin-socket-2');
    },
  );

  it.runIf(runs)('when a customer leaves for good, then drop says whether the room ever existed and forgets it', async () => {
    const c = create(10);
    await c.assign('room', admin1);
    await c.record('room', 'client', 'hi');
    expect(await c.drop('room')).toBe(true);
    expect(await c.drop('room')).toBe(false);
    expect(await c.drop('never')).toBe(false);
    expect(await c.get('room')).toBeUndefined();
  });
});
