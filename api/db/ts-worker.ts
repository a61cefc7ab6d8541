import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A worker thread whose entry is TypeScript: it registers tsx first, as the main thread runs under it. */
export const tsWorker = (entry: URL, options: WorkerOptions = {}): Worker => {
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
};
