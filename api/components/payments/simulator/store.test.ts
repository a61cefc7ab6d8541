import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/index.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { createSimulatorStore, type PurchaseUnit } from './store.ts';

describe("the wallet simulator's memory in the database", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db?.close());

  const unit = (reference: string): PurchaseUnit => ({ reference_id: reference, amount: { currency_code: 'USD', value: '5.00' } });
  const idOf = (answer: { body: unknown }) => (answer.body as { id: string }).id;

  it('when more wallet orders are made than it keeps, then the oldest is forgotten with its replays and the newest stay', async () => {
    const store = createSimulatorStore(db, (path) => path, { maxOrders: 2 });
    const first = idOf(await store.create(unit('cap-1')));
    await store.approve(first, 'complete');
    expect((await store.capture(first, 'key-1')).status).toBe(201);
    const second = idOf(await store.create(unit('cap-2')));
    const third = idOf(await store.create(unit('cap-3')));

    expect((await store.get(first)).status).toBe(404);
    expect((await store.capture(first, 'key-1')).status).toBe(404);
    expect((await store.get(second)).status).toBe(200);
    expect((await store.get(third)).status).toBe(200);
    expect((await db.query('select 1 from wallet_simulator_replays where wallet_order_id = $1', [first])).rowCount).toBe(0);
  });

  it('when two stores on one database are asked, then a wallet order made by one is approved and captured by the other', async () => {
    const [one, other] = [createSimulatorStore(db, (path) => path), createSimulatorStore(db, (path) => path)];
    const id = idOf(await one.create(unit('shared-1')));
    expect((await other.approve(id, 'complete')).status).toBe(200);
    expect(await one.referenceOf(id)).toBe('shared-1');
    expect((await other.capture(id, 'k')).status).toBe(201);
    expect((await one.capture(id, 'other-key')).body).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    expect(await one.capturesFor('shared-1')).toBe(1);
  });
});
