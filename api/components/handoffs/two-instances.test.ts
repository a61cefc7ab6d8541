import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandoffCreated } from '#contracts/handoff.ts';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { startSecondInstance } from '../../testing/second-instance.ts';
import { addProduct } from '../../testing/test-api.ts';

/*
 * Kiosk hand-off links live in the database, so a link a kiosk made through one API instance
 * opens through the other (behind a balancer the phone lands on either). Each instance has its
 * own pool on one PostgreSQL database under TEST_DATABASE_URL; one PGlite connection otherwise.
 */
describe('kiosk hand-off links on two API instances sharing one database', () => {
  let a: TestApi;
  let b: TestApi;
  let book: string;
  beforeAll(async () => {
    a = await startTestApi({ attachments: [] });
    b = await startSecondInstance(a);
    book = await addProduct(a, { name: 'A book', priceCents: 1999, count: 5 });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  const make = async (api: TestApi): Promise<string> => {
    const res = await api.authed(undefined)('/api/handoffs', {
      method: 'POST',
      body: JSON.stringify({ lines: [{ productID: book, quantity: 2 }] }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as HandoffCreated).token;
  };
  const claim = (api: TestApi, token: string) =>
    api.authed(undefined)('/api/handoffs/claim', { method: 'POST', body: JSON.stringify({ token }) });

  it('when a kiosk makes a link on instance A, then the phone opens it on instance B, and a second open on A says it was used', async () => {
    const token = await make(a);
    const opened = await claim(b, token);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ lines: [{ productID: book, quantity: 2 }] });
    const again = await claim(a, token);
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ message: HANDOFF.used });
  });

  it('when two phones open one link on both instances at the same moment, then exactly one gets the cart', async () => {
    const token = await make(b);
    const answers = await Promise.all([claim(a, token), claim(b, token), claim(a, token), claim(b, token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410, 410, 410]);
  });
});
