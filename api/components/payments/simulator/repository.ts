import type { Queryable } from '../../../db/index.ts';

/**
 * The simulator's rows in the shop database (migration 011), so that every API instance on
 * that database serves every simulated wallet order. `T` is the store's record of an order.
 */

export type Replay = { status: number; body: unknown };

export const insertOrder = async <T>(db: Queryable, id: string, referenceId: string, walletOrder: T): Promise<void> => {
  await db.query('insert into wallet_simulator_orders (id, reference_id, wallet_order) values ($1, $2, $3::jsonb)', [
    id,
    referenceId,
    JSON.stringify(walletOrder),
  ]);
};

/** Keeps the newest `max` wallet orders (and their replays, by cascade); the oldest go first. */
export const keepNewest = async (db: Queryable, max: number): Promise<void> => {
  await db.query(
    `delete from wallet_simulator_orders where id in (
       select id from wallet_simulator_orders order by created_at desc, id desc offset $1)`,
    [max],
  );
};

/** One wallet order; `forUpdate` locks its row until the transaction `db` belongs to ends. */
export const findOrder = async <T>(db: Queryable, id: string, forUpdate = false): Promise<T | undefined> => {
  const { rows } = await db.query<{ walletOrder: T }>(
    `select wallet_order as "walletOrder" from wallet_simulator_orders where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0]?.walletOrder;
};

export const saveOrder = async <T>(db: Queryable, id: string, walletOrder: T): Promise<void> => {
  await db.query('update wallet_simulator_orders set wallet_order = $2::jsonb where id = $1', [id, JSON.stringify(walletOrder)]);
};

/**
 * The buyer's approval as one conditional update, so two approvals at once (on two instances)
 * cannot both succeed: answers the approved order, or undefined when it was missing or not CREATED.
 */
export const approveOrder = async <T>(db: Queryable, id: string, outcome: string): Promise<T | undefined> => {
  const { rows } = await db.query<{ walletOrder: T }>(
    `update wallet_simulator_orders
        set wallet_order = wallet_order || jsonb_build_object('status', 'APPROVED', 'outcome', $2::text)
      where id = $1 and wallet_order->>'status' = 'CREATED'
      returning wallet_order as "walletOrder"`,
    [id, outcome],
  );
  return rows[0]?.walletOrder;
};

export const referenceOf = async (db: Queryable, id: string): Promise<string | undefined> => {
  const { rows } = await db.query<{ referenceId: string }>(
    'select reference_id as "referenceId" from wallet_simulator_orders where id = $1',
    [id],
  );
  return rows[0]?.referenceId;
};

export const capturedCount = async (db: Queryable, referenceId: string): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from wallet_simulator_orders where reference_id = $1 and wallet_order->'capture' is not null`,
    [referenceId],
  );
  return rows[0]?.n ?? 0;
};

export const findReplay = async (db: Queryable, walletOrderId: string, requestId: string): Promise<Replay | undefined> => {
  const { rows } = await db.query<Replay>(
    'select status, answer as body from wallet_simulator_replays where wallet_order_id = $1 and request_id = $2',
    [walletOrderId, requestId],
  );
  return rows[0];
};

export const saveReplay = async (db: Queryable, walletOrderId: string, requestId: string, replay: Replay): Promise<void> => {
  await db.query(
    `insert into wallet_simulator_replays (wallet_order_id, request_id, status, answer) values ($1, $2, $3, $4::jsonb)
     on conflict do nothing`,
    [walletOrderId, requestId, replay.status, JSON.stringify(replay.body)],
  );
};
