import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll } from 'vitest';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { createTestDb } from '../../testing/test-db.ts';
import type { Order } from '#contracts/order.ts';
import { adminWithProfile, customerWithProfile, placedOrder, type Shopper } from '../../testing/test-api.ts';
import type { Outcome, SimulatorStore } from './simulator/store.ts';
import { SIMULATOR_PATH, simulatorStore, walletSimulatorRoutes } from './simulator/routes.ts';

/** Test helpers shared by the payments test files (not a test file itself). */

/**
 * A wallet simulator on its own port and its own database, as a stand-in provider for an API
 * under test; `store` shows what it captured.
 */
export type Simulator = { base: string; store: SimulatorStore; stop(): Promise<void> };
export const startSimulator = async (): Promise<Simulator> => {
  const db = await createTestDb();
  const store = simulatorStore(db);
  const server = http.createServer(express().use(SIMULATOR_PATH, walletSimulatorRoutes(store)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${SIMULATOR_PATH}`,
    store,
    async stop() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await db.close();
    },
  };
};

export const createWalletOrder = (t: TestApi, token: string | undefined, orderId: string) =>
  t.authed(token)(`/api/orders/${orderId}/wallet-order`, { method: 'POST' });

export const payWith = (t: TestApi, token: string | undefined, orderId: string, walletOrderId: string) =>
  t.authed(token)(`/api/orders/paid/${orderId}`, { method: 'PUT', body: JSON.stringify({ walletOrderId }) });

/** An API whose wallet is a simulator of its own on another port, as a real provider would be. */
const startApiWithSimulator = async (): Promise<{ t: TestApi; sim: Simulator }> => {
  const sim = await startSimulator();
  const t = await startTestApi({ attachments: [], config: { WALLET: 'simulator', PAYPAL_API_BASE: sim.base } });
  return { t, sim };
};

export type PayingShop = { t: TestApi; sim: Simulator; ada: Shopper; boss: Shopper };

/**
 * What the test files that pay orders share: for the tests of the file (or describe block) that
 * calls it, an API whose wallet is a simulator of its own, a shopper (Ada) and an admin (Grace),
 * made before them and stopped after them. Its fields are set once its beforeAll has run.
 */
export const payingShop = (): PayingShop => {
  const shop = {} as PayingShop;
  beforeAll(async () => {
    Object.assign(shop, await startApiWithSimulator());
    [shop.ada, shop.boss] = [await customerWithProfile(shop.t), await adminWithProfile(shop.t)];
  });
  afterAll(async () => {
    await shop.t?.stop();
    await shop.sim?.stop();
  });
  return shop;
};

/** The buyer's decision in the simulated wallet, with the outcome its capture will have. */
export const approve = async (
  simBase: string,
  walletOrderId: string,
  outcome: Outcome = 'complete',
  buyerToken?: string,
): Promise<void> => {
  const res = await fetch(`${simBase}/control/orders/${walletOrderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(buyerToken && { authorization: `Bearer ${buyerToken}` }) },
    body: JSON.stringify(outcome === 'decline' ? { action: 'decline' } : { action: 'approve', outcome }),
  });
  if (!res.ok) throw new Error(`approve failed with ${res.status}: ${await res.text()}`);
};

/** A wallet order for the order, approved in the wallet; answers its id. */
export const approvedWalletOrder = async (t: TestApi, simBase: string, token: string, orderId: string, outcome: Outcome = 'complete') => {
  const res = await createWalletOrder(t, token, orderId);
  if (res.status !== 201) throw new Error(`wallet order failed with ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await approve(simBase, id, outcome, token);
  return id;
};

/** An order Ada placed (placedOrder), with a wallet order for it approved in the wallet, its capture to end as `outcome`. */
export const approvedOrder = async (shop: PayingShop, outcome: Outcome = 'complete'): Promise<{ order: Order; walletOrderId: string }> => {
  const order = await placedOrder(shop.t, shop.ada);
  return { order, walletOrderId: await approvedWalletOrder(shop.t, shop.sim.base, shop.ada.token, order._id, outcome) };
};

/** An order Ada placed and paid by wallet (the capture's answer is not looked at). */
export const paidOrder = async (shop: PayingShop): Promise<Order> => {
  const { order, walletOrderId } = await approvedOrder(shop);
  await payWith(shop.t, shop.ada.token, order._id, walletOrderId);
  return order;
};

/** The order as the database holds it: paid flag, payment rows and 'paid' events. */
export const paymentState = async (t: TestApi, orderId: string) => {
  const one = async (sql: string) => (await t.db.query<{ n: number }>(sql, [orderId])).rows[0]!.n;
  const { rows } = await t.db.query<{ isPaid: boolean; paidAt: Date | null }>(
    'select is_paid as "isPaid", paid_at as "paidAt" from orders where id = $1',
    [orderId],
  );
  return {
    isPaid: rows[0]!.isPaid,
    paidAt: rows[0]!.paidAt,
    payments: await one('select count(*)::int as n from payments where order_id = $1'),
    paidEvents: await one(`select count(*)::int as n from order_events where order_id = $1 and type = 'paid'`),
  };
};

export const unpaid = { isPaid: false, paidAt: null, payments: 0, paidEvents: 0 };
