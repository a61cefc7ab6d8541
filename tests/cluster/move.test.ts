/**
 * Moving a shop to the cluster: a shop made by npm start's API process (the embedded database,
 * seeded with the demo), backed up while it runs (over its signed loopback endpoint, found
 * through DATA_DIR/run/api.json, as `npm run backup` does), then `start:cluster -- --restore`
 * on that file: the cluster answers with the shop's data and pictures through nginx, unseeded.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../api/components/backup/take.ts';
import { startApiChild } from '../../scripts/api-child.ts';
import { startCluster } from '../../scripts/cluster/cluster.ts';
import { TEST_CACHE_DIR } from '../../api/testing/cache-dir.ts';
import { adminConversations, guestSays, shopSocket } from '../../scripts/testing/shop-chat.ts';

const SECRET = 'a-move-test-internal-secret-of-32-chars-at-least';
const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `statefront-move-${name}-`));
  // Run as root, the cluster's PostgreSQL runs as `postgres`, which must reach DATA_DIR.
  await chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type List = { products: Array<{ _id: string; name: string; images: Array<{ path: string }> }>; paginationLinksNumber?: number };

describe('from npm start to the cluster', () => {
  it('when a running embedded shop is backed up and start:cluster restores the file, then nginx answers with its products, accounts, pictures and open chats', async () => {
    const shopDir = await tempDir('shop');
    // The demo's photos copied from the tests' cache, not processed again (about 15 CPU s).
    const env = {
      ...process.env,
      DATA_DIR: shopDir,
      SEED: 'demo',
      DEMO_POOL_CACHE: TEST_CACHE_DIR,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
    };
    const api = await startApiChild({ env, internalSecret: SECRET });
    let file: string;
    let shopList: List;
    let visitor: Socket | undefined;
    try {
      shopList = (await (await fetch(`${api.url}/api/products?pageNum=1`)).json()) as List;
      // A visitor's question nobody has answered yet (decision 018: it is the shop's data, so it moves too).
      visitor = await shopSocket(api.url, '');
      expect(await guestSays(visitor, 'Do you deliver to the cluster?')).toMatchObject({ ok: true });
      file = path.join(shopDir, 'move.tar.gz');
      const taken = await takeBackup({ file, dataDir: shopDir, internalSecret: SECRET });
      expect(taken.from).toMatch(/the running shop/);
    } finally {
      await api.stop();
      // Its page stays open through the stop (letting go on purpose would end the conversation).
      visitor?.disconnect();
    }

    const clusterDir = await tempDir('cluster');
    const cluster = await startCluster({
      dataDir: clusterDir,
      port: 0,
      apis: 1,
      bffs: 1,
      build: false,
      restore: { file },
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
      log: () => undefined,
    });
    try {
      const list = (await (await fetch(`${cluster.url}/api/products?pageNum=1`)).json()) as List;
      expect(list.products.map((p) => p.name)).toEqual(shopList.products.map((p) => p.name));
      const picture = await fetch(cluster.url + list.products[0]!.images[0]!.path);
      expect(picture.status).toBe(200);
      const login = await fetch(`${cluster.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ email: 'admin@admin.com', password: 'admin@admin.com' }),
      });
      expect(login.status).toBe(200);
      const chats = await adminConversations(cluster.url);
      expect(chats.ok && chats.conversations.flatMap((c) => c.messages.map((m) => m.text))).toEqual(['Do you deliver to the cluster?']);
    } finally {
      await cluster.stop();
    }
  }, 240_000);
});
