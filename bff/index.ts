/** The BFF's public surface: what scripts/ and tests use. */
export { createBff, type Bff, type BffOptions } from './app.ts';
export { loadBffConfig, type BffConfig } from './config.ts';
export { startShop, type Shop, type ShopOptions } from './shop/start-shop.ts';
export { onStopSignals, stopOnSignals } from './shop/shutdown.ts';
