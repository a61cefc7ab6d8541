import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { createTestDb, TEST_CACHE_DIR } from '../../testing/test-db.ts';
import type { Db } from '../../db/index.ts';
import { approvedWalletOrder, payingShop, payWith } from '../payments/test-fixtures.ts';
import { sweepExpiredOrders } from './cancel-service.ts';
import { productRow } from './fixtures.ts';
import { addProduct, body, customerWithProfile, placeOrder } from '../../testing/test-api.ts';
import { age, allOrderRows, cancel, deliver, forgetOrderState } from './lifecycle-fixtures.ts';
import { rebuildAllOrders } from './projection.ts';

/** Rebuilds every row from the events, from blank state columns, and answers the rows before and after. */
const rebuild = async (db: Db) => {
  const before = await allOrderRows(db);
  await db.transaction(async (tx) => {
    await forgetOrderState(tx);
    await rebuildAllOrders(tx);
  });
  return { before, after: await allOrderRows(db) };
};

describe('orders are a projection of their events', () => {
  it('when the demo shop is seeded, then rebuilding every order row from its events gives the same rows', async () => {
    const db = await createTestDb();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sf-projection-'));
    try {
      const seeded = await seedDemo(db, { dataDir, poolCache: TEST_CACHE_DIR, now: new Date('2026-03-15T15:30:00.000Z') });
      expect(seeded.seeded).toBe(true);
      const { before, after } = await rebuild(db);
      expect(before.length).toBeGreaterThan(100);
      expect(before.some((o) => o.is_paid) && before.some((o) => o.is_delivered) && before.some((o) => o.is_cancelled)).toBe(true);
      expect(after).toEqual(before);
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  describe('after random sequences of lifecycle changes through the API', () => {
    const shop = payingShop();

    type Step = { op: 'pay' | 'deliver' | 'cancelByBuyer' | 'cancelByAdmin' | 'expire'; target: number };
    const step = fc.record({
      op: fc.constantFrom<Step['op']>('pay', 'deliver', 'cancelByBuyer', 'cancelByAdmin', 'expire'),
      target: fc.nat(3),
    });

    const apply = async (orderIds: string[], { op, target }: Step) => {
      const { t, sim, ada, boss } = shop;
      const id = orderIds[target % orderIds.length]!;
      if (op === 'pay') {
        const wallet = await approvedWalletOrder(t, sim.base, ada.token, id).catch(() => null);
        if (wallet) await payWith(t, ada.token, id, wallet);
      } else if (op === 'deliver') await deliver(t, boss.token, id);
      else if (op === 'cancelByBuyer') await cancel(t, ada.token, id);
      else if (op === 'cancelByAdmin') await cancel(t, boss.token, id);
      else {
        await age(t.db, id, 31);
        await sweepExpiredOrders(t.api.context);
      }
    };

    it('when any sequence of pay, deliver, cancel and expiry has run, then a rebuild from the events gives the same rows, and stock holds only what live orders took', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom<'pp' | 'cod'>('pp', 'cod'), { minLength: 1, maxLength: 4 }),
          fc.array(step, { maxLength: 10 }),
          async (methods, steps) => {
            const { t } = shop;
            // A buyer per run: twelve runs of up to four orders would pass MAX_OPEN_ORDERS_PER_ACCOUNT.
            const ada = (shop.ada = await customerWithProfile(t));
            const product = await addProduct(t, { priceCents: 1_000, count: 50 });
            const orders: Order[] = [];
            for (const m of methods) orders.push(await placeOrder(t, ada.token, body([{ productID: product, quantity: 2 }], m)));
            for (const s of steps)
              await apply(
                orders.map((o) => o._id),
                s,
              );

            const { before, after } = await rebuild(t.db);
            expect(after).toEqual(before);
            const mine = after.filter((o) => orders.some((x) => x._id === o.id));
            for (const o of mine) {
              expect(o.is_paid && o.is_cancelled, 'never both paid and cancelled').toBe(false);
              if (o.is_delivered && o.payment_method === 'pp') expect(o.is_paid).toBe(true);
            }
            const live = mine.filter((o) => !o.is_cancelled).length;
            expect(await productRow(t, product)).toEqual({ count: 50 - 2 * live, sales: 2 * live });
          },
        ),
        { numRuns: 12 },
      );
    });
  });
});
