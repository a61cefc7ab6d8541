export * from './common.ts';
export * from './category.ts';
export * from './product.ts';
export * from './user.ts';
export * from './order.ts';
export * from './filter.ts';
export * from './chat.ts';
