/**
 * npm run seed                                   demo data into the configured database (if empty)
 * npm run seed -- --products 100000 [--orders-today 100000]   a large catalogue for benchmarks
 *
 * Reads the API's configuration (DATA_DIR, DATABASE_URL, NODE_ENV …) like the server does.
 * With NODE_ENV=production the demo seed makes nothing (see seedDemo); --catalogue-only
 * seeds categories and products without any account.
 */
import './owner-only.ts';
import { parseArgs } from 'node:util';
import { loadApiConfig, openDb } from '../api/index.ts';
import { seedDemo, seedLarge } from '../api/db/seed/index.ts';

const usage = `Usage:
  npm run seed                                   demo shop (only into an empty database)
  npm run seed -- --catalogue-only               demo categories and products, no accounts or orders
  npm run seed -- --products N [--orders-today M] [--orders-day YYYY-MM-DD]
                                                 N extra products (and M orders on that UTC day) for benchmarks`;

const count = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number, got "${raw}"\n\n${usage}`);
  return Number(raw);
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      'orders-today': { type: 'string' },
      orders: { type: 'string' },
      'orders-day': { type: 'string' },
      'catalogue-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const products = count('products', values.products);
  const orders = count('orders-today', values['orders-today'] ?? values.orders);
  const day = values['orders-day'];
  if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`--orders-day must be YYYY-MM-DD\n\n${usage}`);

  const config = await loadApiConfig();
  const started = performance.now();
  const db = await openDb({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, poolSize: 2 });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  console.log(`Opened ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const onProgress = (message: string) => console.log(`  ${seconds()} s  ${message}`);
  try {
    if (products !== undefined || orders !== undefined) {
      console.log(`Seeding ${products ?? 0} products and ${orders ?? 0} orders into ${where} …`);
      const result = await seedLarge(db, {
        products: products ?? 0,
        orders: orders ?? 0,
        ordersDay: day ? new Date(`${day}T00:00:00Z`) : undefined,
        dataDir: config.DATA_DIR,
        poolCache: config.DEMO_POOL_CACHE,
        onProgress,
      });
      console.log(
        `Added ${result.products} products, ${result.orders} orders (${result.orderEvents} events) in ` +
          `${(result.ms / 1000).toFixed(1)} s (${seconds()} s in all).`,
      );
      return;
    }
    console.log(`Seeding the demo shop into ${where} …`);
    const result = await seedDemo(db, {
      dataDir: config.DATA_DIR,
      poolCache: config.DEMO_POOL_CACHE,
      production: config.NODE_ENV === 'production',
      catalogueOnly: values['catalogue-only'],
      onProgress,
    });
    if (!result.seeded) {
      console.log(
        result.reason === 'production'
          ? 'NODE_ENV=production: no demo data made. Use --catalogue-only for the catalogue, `npm run create-admin` for an admin.'
          : 'The database already has categories, products or users: nothing seeded.',
      );
      return;
    }
    const c = result.counts;
    console.log(
      `Seeded ${c.categories} categories, ${c.products} products, ${c.users} users, ${c.reviews} reviews, ` +
        `${c.orders} orders (${c.orderEvents} events), ${c.imagesWritten} new pictures in ` +
        `${(result.ms / 1000).toFixed(1)} s (${seconds()} s in all).`,
    );
    if (c.users > 0) console.log('Log in as admin@admin.com / admin@admin.com or john@doe.com / john@doe.com.');
  } finally {
    await db.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
