import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';

let upstream: FakeApi;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startFakeApi();
  bff = await startTestBff({ apiUrl: upstream.url });
});

afterAll(async () => {
  await bff?.stop();
  await upstream?.stop();
});

/** The header's directives by name, each with its sources. */
const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('the card wallet on the shop page', () => {
  it("when a page is served, then its CSP allows exactly the wallet SDK's provider hosts for scripts, frames, calls and images", async () => {
    const csp = directives((await fetch(`${bff.url}/`)).headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.paypal.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://www.paypalobjects.com']);
    expect([...csp.values()].flat().filter((s) => s.includes('*') || s === "'unsafe-eval'")).toEqual([]);
  });

  it('when the page asks for the wallet simulator, then the BFF streams it to the API rather than serving the SPA', async () => {
    const before = upstream.requests.length;
    await fetch(`${bff.url}/wallet-simulator/sdk/js?client-id=x&currency=USD`);
    expect(upstream.requests.slice(before).map((r) => r.url)).toEqual(['/wallet-simulator/sdk/js?client-id=x&currency=USD']);
  });
});
