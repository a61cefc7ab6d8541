import { Worker, type WorkerOptions } from 'node:worker_threads';
import { builtEntry, COMPILED } from '../compiled.ts';

/**
 * A worker thread whose entry is named by its TypeScript source: compiled, the .js beside it
 * (docs/decisions/015-compiled-servers.md); from the sources, the .ts with tsx registered first,
 * as the main thread runs under it.
 */
export const tsWorker = (entry: URL, options: WorkerOptions = {}): Worker => {
  if (COMPILED) return new Worker(builtEntry(entry), options);
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
};
