import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIdentity, verifyIdentity } from './identify.ts';

const secret = 'a-partner-secret-123';
const who = { id: 'u-1', name: 'Grace', email: 'grace@partner.test' };

describe('partner identity', () => {
  it('when the signature is the HMAC-SHA256 of id|name|email, then the identity is accepted', () => {
    const signature = createHmac('sha256', secret).update('u-1|Grace|grace@partner.test').digest('hex');
    expect(signIdentity(who, secret)).toBe(signature);
    expect(verifyIdentity({ ...who, signature }, secret)).toEqual(who);
  });

  it('when any field, the signature or the secret differ, then it is refused with a reason', () => {
    const signature = signIdentity(who, secret);
    for (const bad of [
      { ...who, email: 'other@partner.test', signature },
      { ...who, signature: signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...who, signature: signature.slice(0, 10) },
      { ...who, signature: 'not hex at all' },
      { id: 'u-1', signature },
      'just a string',
    ]) {
      expect(verifyIdentity(bad, secret)).toMatch(/^identify failed: /);
    }
    expect(verifyIdentity({ ...who, signature }, 'another-secret-4567')).toMatch(/does not match/);
    expect(verifyIdentity({ ...who, signature }, undefined)).toMatch(/does not accept/);
  });

  it('when nothing is passed, then there is nothing to verify', () => {
    expect(verifyIdentity(undefined, secret)).toBeUndefined();
  });
});
