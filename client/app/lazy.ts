import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the feature's module becomes its own chunk, loaded the first
 * time one of its routes is shown (several routes of one feature share the chunk).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each route element decides them
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
