import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Compiled (dist/servers, docs/decisions/015-compiled-servers.md), this file and its siblings are JavaScript. */
const COMPILED = import.meta.url.endsWith('.js');

/**
 * A worker thread whose entry is named by its TypeScript source: compiled, the .js beside it;
 * from the sources, the .ts with tsx registered first, as the main thread runs under it.
 */
export const tsWorker = (entry: URL, options: WorkerOptions = {}): Worker => {
  if (COMPILED) return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), options);
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
};
