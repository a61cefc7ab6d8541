/**
 * Whether this code runs compiled (dist/servers, docs/decisions/015-compiled-servers.md) or from
 * its TypeScript sources (npm run dev, tests, benches), and how a child process or a worker
 * thread runs one of its sibling entries the same way: the compiled .js with plain node, or the
 * .ts through tsx's loader.
 */
import { fileURLToPath } from 'node:url';

export const COMPILED = import.meta.url.endsWith('.js');

/** `entry`, named by its TypeScript source (`new URL('./x.ts', import.meta.url)`), as this build has it. */
export const builtEntry = (entry: URL): URL => (COMPILED ? new URL(entry.href.replace(/\.ts$/, '.js')) : entry);

export type NodeEntry = { file: string; execArgv: string[] };

/**
 * How node runs `entry` in a child process. From the sources, tsx's loader by absolute URL (so
 * the child runs TypeScript whatever its working directory), resolved only then: the compiled
 * shop may run without tsx installed. Throws when tsx cannot be found.
 */
export const nodeEntry = (entry: URL): NodeEntry =>
  COMPILED
    ? { file: fileURLToPath(builtEntry(entry)), execArgv: [] }
    : { file: fileURLToPath(entry), execArgv: ['--import', import.meta.resolve('tsx')] };
