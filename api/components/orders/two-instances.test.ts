import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { recordCrashes } from '../../testing/crashes.ts';
import { startSecondInstance } from '../../testing/second-instance.ts';
import { connectAgain } from '../../testing/test-db.ts';
import { sweepExpiredOrders } from './cancel-service.ts';
import { productRow } from './fixtures.ts';
import { addProduct, body, customerWithProfile, post, type Shopper } from '../../testing/test-api.ts';
import { age, eventTypes } from './lifecycle-fixtures.ts';

/*
 * What two API instances share through the database alone, as behind a balancer: each has its
 * own pool on one PostgreSQL database under TEST_DATABASE_URL (CI's second run), so their
 * transactions really race; on PGlite (npm test) they share the one in-process connection.
 */
describe('orders on two API instances sharing one database', () => {
  let a: TestApi;
  let b: TestApi;
  let ada: Shopper;
  beforeAll(async () => {
    a = await startTestApi({ attachments: [], config: { UNPAID_ORDER_MINUTES: 30 } });
    b = await startSecondInstance(a);
    ada = await customerWithProfile(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('when one checkout is retried with the same Idempotency-Key on both instances at once, then one order is placed, every answer names it, and stock is taken once', async () => {
    const product = await addProduct(a, { priceCents: 1500, count: 10 });
    const key = randomUUID();
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((api) => post(api, ada.token, body([{ productID: product, quantity: 3 }]), key)),
    );

    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // A retry that meets the first still being placed may be told to try again; none places a second order.
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    const ids = new Set(
      (await Promise.all(answers.filter((r) => r.status !== 409).map((r) => r.json() as Promise<Order>))).map((o) => o._id),
    );
    expect(ids.size).toBe(1);
    const { rows } = await a.db.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1 and idempotency_key = $2', [
      ada.id,
      key,
    ]);
    expect(rows[0]!.n).toBe(1);
    expect(await productRow(a, product)).toEqual({ count: 7, sales: 3 });
  });

  it('when both instances sweep at the same moment, then each expired wallet order is cancelled once, with one cancelled event, and its stock returned once', async () => {
    const placed = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const product = await addProduct(a, { priceCents: 900, count: 10 });
        const res = await post(a, ada.token, body([{ productID: product, quantity: 4 }], 'pp'));
        const order = (await res.json()) as Order;
        await age(a.db, order._id, 45);
        return { product, id: order._id };
      }),
    );

    const runs = await Promise.all([
      sweepExpiredOrders(a.api.context),
      sweepExpiredOrders(b.api.context),
      sweepExpiredOrders(b.api.context),
      sweepExpiredOrders(a.api.context),
    ]);
    const swept = runs.flat();
    expect(new Set(swept).size).toBe(swept.length);
    for (const o of placed) {
      expect(swept).toContain(o.id);
      expect(await eventTypes(a.db, o.id)).toEqual(['created', 'cancelled']);
      expect(await productRow(a, o.product)).toEqual({ count: 10, sales: 0 });
    }
  });

  // PostgreSQL only: PGlite has no server to end a connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "when the server ends a checkout's connection inside its transaction, then that checkout answers 503 with a message, the instance stays up and the next checkout is placed",
    async () => {
      const { crashes, stop } = recordCrashes();
      const holder = await connectAgain(a.db);
      try {
        const product = await addProduct(a, { priceCents: 700, count: 5 });
        let checkout: Promise<Response> | undefined;
        // The product's row held by another connection: the checkout waits inside its transaction.
        await holder.transaction(async (tx) => {
          await tx.query('select 1 from products where id = $1 for update', [product]);
          checkout = post(b, ada.token, body([{ productID: product, quantity: 1 }]));
          let ended = false;
          for (let i = 0; i < 200 && !ended; i += 1) {
            const { rows } = await tx.query<{ ended: boolean }>(
              `select pg_terminate_backend(pid) as ended from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
            );
            ended = rows.some((r) => r.ended);
            if (!ended) await new Promise((r) => setTimeout(r, 25));
          }
          expect(ended, 'a checkout waited for the row and its connection was ended').toBe(true);
        });
        const answer = await checkout!;
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({
          message: 'The shop cannot reach its database right now. Please try again in a moment.',
        });

        expect((await post(b, ada.token, body([{ productID: product, quantity: 1 }]))).status).toBe(201);
        expect(await productRow(a, product)).toEqual({ count: 4, sales: 1 });
        expect(crashes).toEqual([]);
      } finally {
        stop();
        await holder.close();
      }
    },
  );
});
