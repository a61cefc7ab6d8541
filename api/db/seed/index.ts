/** Demo and benchmark data. */
export { DEMO_SEED, seedDemo, type SeedCounts, type SeedDemoOptions, type SeedDemoResult } from './demo.ts';
export { seedLarge, type SeedLargeOptions, type SeedLargeResult } from './large.ts';
export { CATEGORIES } from './categories.ts';
export { DEMO_PRODUCTS } from './plan-catalogue.ts';
