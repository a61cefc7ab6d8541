/**
 * Whether this code runs compiled (dist/servers, docs/decisions/015-compiled-servers.md) or from
 * its TypeScript sources (npm run dev, tests, benches), and how a child process runs one of its
 * sibling entries the same way: node on the compiled .js, or node with tsx's loader on the .ts.
 */
import { fileURLToPath } from 'node:url';

export const COMPILED = import.meta.url.endsWith('.js');

export type NodeEntry = { file: string; execArgv: string[] };

/** `entry` names the TypeScript source (`new URL('./start-api.ts', import.meta.url)`). */
export const nodeEntry = (entry: URL): NodeEntry =>
  COMPILED
    ? { file: fileURLToPath(entry).replace(/\.ts$/, '.js'), execArgv: [] }
    : // tsx's loader by absolute URL, so the child runs TypeScript whatever the working directory; resolved only here, as the compiled shop may run without tsx installed.
      { file: fileURLToPath(entry), execArgv: ['--import', import.meta.resolve('tsx')] };
