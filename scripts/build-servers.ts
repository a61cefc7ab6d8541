/**
 * npm run build's server half (docs/decisions/015-compiled-servers.md): the API, the BFF and the
 * commands a shop owner runs, compiled by tsc (tsconfig.server.json) to plain JavaScript in
 * dist/servers, beside the files they read at run time (the migrations). Written afresh each
 * time: a source that was deleted leaves no module behind. `tsx scripts/build-servers.ts`.
 */
import { spawnSync } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { POOL_CODE } from '../api/db/seed/pool-code.ts';

export const SERVERS_DIR = 'dist/servers';

/** What the compiled code reads next to itself by `new URL(…, import.meta.url)`: the migrations, and the demo photo pool's code, whose hash keys its cache. */
const RUN_TIME_FILES = ['api/db/migrations', ...POOL_CODE];

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Compiles the sources under `root` into `outDir` (default root/dist/servers); throws with tsc's words when it fails. */
export const buildServers = async (root: string, outDir = path.join(root, SERVERS_DIR)): Promise<void> => {
  await rm(outDir, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [TSC, '-p', path.join(root, 'tsconfig.server.json'), '--outDir', outDir], {
    cwd: root,
    encoding: 'utf8',
  });
  if (tsc.status !== 0) throw new Error(`tsc -p tsconfig.server.json failed:\n${tsc.stdout}${tsc.stderr}`);
  for (const dir of RUN_TIME_FILES) await cp(path.join(root, dir), path.join(outDir, dir), { recursive: true });
  await writeFile(
    path.join(outDir, 'package.json'),
    `${JSON.stringify(compiledPackage(await readFile(path.join(root, 'package.json'), 'utf8')))}\n`,
  );
};

/**
 * The compiled tree's own package.json: an ES module like the sources, whose boundary names
 * (`#server/logger.ts`, package.json `imports`) lead to the compiled `.js` beside it. tsc rewrites
 * relative `.ts` specifiers only, so the names keep their `.ts` and this map turns it into `.js`.
 */
export const compiledPackage = (sourcePackage: string) => {
  const { imports } = JSON.parse(sourcePackage) as { imports: Record<string, string> };
  return {
    type: 'module',
    imports: Object.fromEntries(Object.entries(imports).map(([name, to]) => [`${name}.ts`, `${to}.js`])),
  };
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  await buildServers(process.cwd());
  console.log(`Servers compiled in ${Math.round(performance.now() - started)} ms → ${SERVERS_DIR}`);
}
