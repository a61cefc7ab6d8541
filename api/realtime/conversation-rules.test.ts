import { describe, expect, it } from 'vitest';
import { guestLabel, historyCutoff, mayAnswer } from './conversation-rules.ts';

const ada = { id: 'admin-1', name: 'Ada Admin' };
const bob = { id: 'admin-2', name: 'Bob Admin' };

describe('conversation rules', () => {
  it('when an admin holds a conversation, then only they may answer or close it; nobody holding it, anyone may', () => {
    expect(mayAnswer(ada, ada)).toBe(true);
    expect(mayAnswer(ada, bob)).toBe(false);
    expect(mayAnswer(undefined, bob)).toBe(true);
  });

  it('when two guests write, then their labels differ by the conversation number', () => {
    expect(guestLabel('17')).toBe('Guest 17');
    expect(guestLabel(18)).not.toBe(guestLabel(17));
  });

  it('when transcripts are kept 365 days, then the cutoff is 365 days before now', () => {
    expect(historyCutoff(366 * 86_400_000, 365)).toBe(86_400_000);
  });
});
