import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, PROOF_HEADER, proofMessage } from '#server/internal.ts';
import { TEST_INTERNAL_SECRET } from '../../api/testing/api-harness.ts';
import { type TestBff, postJson, startTestBff } from '../testing/bff-harness.ts';
import { FAKE_PASSWORD, type FakeApi, startFakeApi } from '../testing/fake-api.ts';

const proof = (purpose: 'session' | 'proxy', address: string) =>
  createHmac('sha256', TEST_INTERNAL_SECRET).update(proofMessage(purpose, address)).digest('base64url');

describe('the BFF signs who is calling, and only its session routes may ask for a token', () => {
  let api: FakeApi;
  let bff: TestBff;
  beforeAll(async () => {
    api = await startFakeApi();
    bff = await startTestBff({ apiUrl: api.url });
  });
  afterAll(async () => {
    await bff.stop();
    await api.stop();
  });
  const last = () => api.requests.at(-1)!;

  it('when a browser sends its own internal headers, then the API receives the BFF’s proxy proof for the real address instead', async () => {
    const forged = { [CLIENT_HEADER]: '198.51.100.9', [PROOF_HEADER]: proof('session', '198.51.100.9') };
    await fetch(`${bff.url}/api/products/bestsellers`, { headers: forged });
    expect(last().headers[CLIENT_HEADER]).toBe('127.0.0.1');
    expect(last().headers[PROOF_HEADER]).toBe(proof('proxy', '127.0.0.1'));
  });

  it('when a shopper logs in, then the BFF’s own call carries the session proof', async () => {
    const res = await postJson(
      `${bff.url}/api/users/login`,
      { email: 'ada@example.test', password: FAKE_PASSWORD },
      { [PROOF_HEADER]: 'forged' },
    );
    expect(res.status).toBe(200);
    const login = api.requests.find((r) => r.url === '/api/users/login')!;
    expect(login.headers[PROOF_HEADER]).toBe(proof('session', '127.0.0.1'));
    expect(JSON.stringify(await res.json())).not.toContain('upstream-token');
  });
});
