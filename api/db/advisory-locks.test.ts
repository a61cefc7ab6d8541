import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks.ts';

describe('advisory lock keys', () => {
  it('when the shop takes its advisory locks, then no two purposes share a key', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
