import { describe, expect, it } from 'vitest';
import { createMemoryPresence } from './presence.ts';

describe('admin presence', () => {
  it('when conversations start, then each goes to the connected admin holding the fewest', async () => {
    const p = createMemoryPresence();
    await p.add('a', 'user-a');
    await p.add('b', 'user-b');
    const picks = [await p.claim(), await p.claim(), await p.claim(), await p.claim()].map((x) => x?.socketId);
    expect(picks.filter((s) => s === 'a')).toHaveLength(2);
    expect(picks.filter((s) => s === 'b')).toHaveLength(2);
    await p.release('a');
    await p.release('a');
    expect((await p.claim())?.socketId).toBe('a');
  });

  it('when an admin is between connections, then new conversations go to a connected one, or to them if no one else is there', async () => {
    const p = createMemoryPresence();
    await p.add('a', 'user-a');
    await p.add('b', 'user-b');
    await p.claim();
    await p.claim();
    await p.setConnected('a', false);
    expect((await p.claim())?.socketId).toBe('b');
    await p.remove('b');
    expect((await p.claim())?.socketId).toBe('a');
    await p.remove('a');
    expect(await p.claim()).toBeUndefined();
  });

  it('when an admin comes back on a new socket, then their customers are offered to them first', async () => {
    const p = createMemoryPresence();
    await p.add('b', 'user-b');
    await p.add('a2', 'user-a');
    await p.claim();
    expect(await p.claim('user-a')).toEqual({ socketId: 'a2', userId: 'user-a' });
  });
});
