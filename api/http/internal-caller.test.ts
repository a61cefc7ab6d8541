import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { CLIENT_HEADER, PROOF_HEADER, proofMessage } from '#server/internal.ts';
import { TEST_INTERNAL_SECRET, type TestApi, sessionCallHeaders, startTestApi } from '../testing/api-harness.ts';
import { internalCaller } from './internal-caller.ts';

const register = { name: 'Mallory', lastName: 'Proxy', password: 'secret-password' };

describe('the BFF → API credential', () => {
  it('when the proof is the BFF’s, then the address and purpose are believed; when anything differs, nothing is', () => {
    const session = sessionCallHeaders('203.0.113.7');
    expect(internalCaller(session, TEST_INTERNAL_SECRET)).toEqual({ address: '203.0.113.7', purpose: 'session' });
    // Another address under the same proof, another secret, a truncated or missing proof.
    expect(internalCaller({ ...session, [CLIENT_HEADER]: '203.0.113.8' }, TEST_INTERNAL_SECRET)).toBeUndefined();
    expect(internalCaller(session, `${TEST_INTERNAL_SECRET}-other`)).toBeUndefined();
    expect(internalCaller({ ...session, [PROOF_HEADER]: session[PROOF_HEADER]!.slice(0, -2) }, TEST_INTERNAL_SECRET)).toBeUndefined();
    expect(internalCaller({ [CLIENT_HEADER]: '203.0.113.7' }, TEST_INTERNAL_SECRET)).toBeUndefined();
    expect(internalCaller({ ...session, [CLIENT_HEADER]: ['203.0.113.7', '10.0.0.1'] }, TEST_INTERNAL_SECRET)).toBeUndefined();
  });

  describe('login and register at the API', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await startTestApi({ attachments: [] });
    });
    afterAll(() => t.stop());

    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      t.authed(undefined)(path, { method: 'POST', headers, body: JSON.stringify(body) });
    // What the BFF's proxy sends on every streamed request: a valid proof, of the wrong purpose.
    const proxyProof = {
      [CLIENT_HEADER]: '127.0.0.1',
      [PROOF_HEADER]: createHmac('sha256', TEST_INTERNAL_SECRET).update(proofMessage('proxy', '127.0.0.1')).digest('base64url'),
    };
    const usersNamed = async (email: string) => (await t.db.query('select 1 from users where email = $1', [email])).rows.length;

    it('when a register or login arrives through the proxy or from outside, then 403, no token and no account', async () => {
      const { user, password } = await t.register();
      for (const headers of [{}, proxyProof, { [CLIENT_HEADER]: '127.0.0.1', [PROOF_HEADER]: 'forged' }]) {
        const email = `mallory-${crypto.randomUUID()}@example.test`;
        const created = await post('/api/users/register', { ...register, email }, headers);
        const loggedIn = await post('/api/users/login', { email: user.email, password }, headers);
        for (const res of [created, loggedIn]) {
          const text = await res.text();
          expect({ status: res.status, text }).toEqual({ status: 403, text: expect.stringContaining('Log in through the shop') });
          expect(text).not.toContain('token');
        }
        expect(await usersNamed(email)).toBe(0);
      }
    });

    it('when the BFF’s session routes call, then login answers the token they keep', async () => {
      const { user, password } = await t.register();
      const res = await post('/api/users/login', { email: user.email, password }, sessionCallHeaders());
      expect(res.status).toBe(200);
      expect(((await res.json()) as { token?: string }).token).toMatch(/^eyJ/);
    });
  });
});
