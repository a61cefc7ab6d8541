import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '#server/internal.ts';
import type { BffConfig } from '../config.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { type FakeApi, startFakeApi } from '../testing/fake-api.ts';
import { requestFrom } from '../testing/from-address.ts';
import { PROXY_SECRET_HEADER } from './forwarded.ts';

const GUEST_PER_MINUTE = 3;

let upstream: FakeApi;
const bffs: TestBff[] = [];

beforeAll(async () => {
  upstream = await startFakeApi();
});

afterAll(async () => {
  await Promise.all(bffs.map((b) => b.stop()));
  await upstream?.stop();
});

const startWith = async (trust: Partial<BffConfig>): Promise<TestBff> => {
  const bff = await startTestBff({ apiUrl: upstream.url, config: { API_GUEST_LIMIT_PER_MINUTE: GUEST_PER_MINUTE, ...trust } });
  bffs.push(bff);
  return bff;
};

/** A guest's GET from `peer`, claiming to be `forwarded`; answers the status and the address the API was told. */
const browse = async (bff: TestBff, peer: string, forwarded: string, headers: Record<string, string> = {}) => {
  const path = `/api/products?probe=${Math.random()}`;
  const { status } = await requestFrom(bff.url, peer, path, { headers: { 'x-forwarded-for': forwarded, ...headers } });
  const reached = upstream.requests.find((r) => r.url === path);
  return { status, apiWasTold: reached?.headers[CLIENT_HEADER], ...(reached?.headers[PROXY_SECRET_HEADER] && { secretPassedOn: true }) };
};

describe('TRUST_PROXY decides whose address a request has', () => {
  it('when TRUST_PROXY is unset and a client forges a new X-Forwarded-For on every request, then it is counted on its own address and refused', async () => {
    const bff = await startWith({});
    for (let i = 1; i <= GUEST_PER_MINUTE; i += 1) {
      expect(await browse(bff, '127.0.0.30', `203.0.113.${i}`)).toEqual({ status: 200, apiWasTold: '127.0.0.30' });
    }
    expect((await browse(bff, '127.0.0.30', '203.0.113.99')).status).toBe(429);
  });

  it('when the peer is a trusted proxy, then each forwarded address is counted on its own', async () => {
    const bff = await startWith({ TRUST_PROXY: ['127.0.0.31'] });
    for (let i = 0; i < GUEST_PER_MINUTE; i += 1) {
      expect(await browse(bff, '127.0.0.31', '203.0.113.7')).toEqual({ status: 200, apiWasTold: '203.0.113.7' });
    }
    expect((await browse(bff, '127.0.0.31', '203.0.113.7')).status).toBe(429);
    expect(await browse(bff, '127.0.0.31', '203.0.113.8')).toEqual({ status: 200, apiWasTold: '203.0.113.8' });
  });

  it('when a peer outside TRUST_PROXY forges X-Forwarded-For, then it is counted on its own address', async () => {
    const bff = await startWith({ TRUST_PROXY: ['127.0.0.31'] });
    for (let i = 1; i <= GUEST_PER_MINUTE; i += 1) {
      expect(await browse(bff, '127.0.0.32', `198.51.100.${i}`)).toEqual({ status: 200, apiWasTold: '127.0.0.32' });
    }
    expect((await browse(bff, '127.0.0.32', '198.51.100.99')).status).toBe(429);
  });

  it('when TRUST_PROXY is a hop count, then only the address the last proxy added counts, whatever the client wrote before it', async () => {
    const bff = await startWith({ TRUST_PROXY: 1 });
    for (let i = 1; i <= GUEST_PER_MINUTE; i += 1) {
      expect(await browse(bff, '127.0.0.33', `10.9.9.${i}, 203.0.113.5`)).toEqual({ status: 200, apiWasTold: '203.0.113.5' });
    }
    expect((await browse(bff, '127.0.0.33', '10.9.9.99, 203.0.113.5')).status).toBe(429);
  });

  it('when TRUST_PROXY_SECRET is set, then a trusted peer is believed only with the secret; without it, or with a wrong one, it is counted on its own address', async () => {
    const secret = 'the-balancers-secret-0123456789abcdef';
    const bff = await startWith({ TRUST_PROXY: ['loopback'], TRUST_PROXY_SECRET: secret });
    expect(await browse(bff, '127.0.0.34', '203.0.113.9', { [PROXY_SECRET_HEADER]: secret })).toEqual({
      status: 200,
      apiWasTold: '203.0.113.9',
    });
    for (let i = 1; i <= GUEST_PER_MINUTE; i += 1) {
      const wrong: Record<string, string> = i % 2 === 0 ? { [PROXY_SECRET_HEADER]: `${secret}x` } : {};
      expect(await browse(bff, '127.0.0.35', `198.51.100.${i}`, wrong)).toEqual({ status: 200, apiWasTold: '127.0.0.35' });
    }
    expect((await browse(bff, '127.0.0.35', '198.51.100.99')).status).toBe(429);
  });
});
