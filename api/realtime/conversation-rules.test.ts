import { describe, expect, it } from 'vitest';
import { appendCapped, CONVERSATION_RULES, holderAfterReply, isAbandoned, isPastKeeping, mayAnswer } from './conversation-rules.ts';

const ada = { id: 'admin-1', name: 'Ada Admin' };
const bob = { id: 'admin-2', name: 'Bob Admin' };

describe('conversation rules', () => {
  it('when nobody holds a conversation, then the first admin to reply takes it and only they may answer or close it', () => {
    const holder = holderAfterReply(undefined, ada);
    expect(holder).toEqual(ada);
    expect(holderAfterReply(holder, bob)).toEqual(ada);
    expect(mayAnswer(holder, ada)).toBe(true);
    expect(mayAnswer(holder, bob)).toBe(false);
    expect(mayAnswer(undefined, bob)).toBe(true);
  });

  it('when the customer was last seen 30 minutes ago, then the conversation is abandoned, a moment earlier not', () => {
    expect(CONVERSATION_RULES.customerGoneMs).toBe(30 * 60_000);
    expect(isAbandoned(0, 30 * 60_000 - 1)).toBe(false);
    expect(isAbandoned(0, 30 * 60_000)).toBe(true);
  });

  it('when 24 hours pass without a change, then its content is past keeping', () => {
    expect(isPastKeeping(0, 24 * 3600_000 - 1)).toBe(false);
    expect(isPastKeeping(0, 24 * 3600_000)).toBe(true);
  });

  it('when a message is added to a full history, then the oldest goes', () => {
    expect(appendCapped([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(appendCapped([1], 2, 3)).toEqual([1, 2]);
  });
});
