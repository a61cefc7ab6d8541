import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the feature's module becomes its own chunk, loaded the first
 * time one of its routes is shown (several routes of one feature share the chunk).
 *
 * `preload()` fetches the chunk ahead; once it is in, the component resolves on its first render
 * without suspending (React's lazy takes a thenable that resolves at once as resolved). The
 * browser needs that before it hydrates a server-rendered page (decision 006): a page still
 * loading when hydration's first update comes is replaced by its fallback until the chunk
 * arrives, and the footer jumps into the screen and out again (CLS 0.35 on a phone).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each route element decides them
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) => {
  let loaded: M | undefined;
  const fetchModule = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const Component = lazy(() => {
    if (!loaded) return fetchModule().then((module) => ({ default: module[name] }));
    const module = loaded;
    // A thenable that calls back at once: lazy() marks the component resolved before it renders.
    return { then: (resolve: (value: { default: M[K] }) => void) => resolve({ default: module[name] }) } as unknown as Promise<{
      default: M[K];
    }>;
  });
  return Object.assign(Component, { preload: (): Promise<unknown> => (loaded ? Promise.resolve(loaded) : fetchModule()) });
};
