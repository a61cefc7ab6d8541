/**
 * `node scripts/launch.mjs NAME [ARGS]`: what npm start, npm run start:cluster and the shop
 * owner's other commands run (package.json): node on the compiled dist/servers/scripts/NAME.js,
 * in this same process, with no TypeScript loader (docs/decisions/015-compiled-servers.md).
 * Plain JavaScript, the one file that must run before anything is compiled. Outside production it
 * builds first when the build is missing or older than its sources (scripts/build-freshness.ts,
 * compiled); with NODE_ENV=production it never builds and says so in one line.
 */
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const SERVERS = 'dist/servers';
const [name, ...rest] = process.argv.slice(2);
const entry = path.resolve(SERVERS, 'scripts', `${name}.js`);
const freshness = path.resolve(SERVERS, 'scripts/build-freshness.js');
const production = process.env.NODE_ENV === 'production';
const build = () => spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status === 0;

if (!existsSync(freshness)) {
  // Nothing compiled yet (a fresh clone): the freshness check itself is part of the build.
  if (production) {
    console.error(`NODE_ENV=production: ${SERVERS} missing; not building here (run \`npm run build\` as its own step).`);
    process.exit(1);
  }
  console.log(`${SERVERS} missing: building the client, its server-render bundle, the chat widget and the servers (npm run build) …`);
  if (!build()) process.exit(1);
} else {
  const { ensureFreshBuild } = await import(pathToFileURL(freshness).href);
  const say = (line) => console.log(line);
  const warn = (line) => console.warn(line);
  await ensureFreshBuild({ root: process.cwd(), production, build, say, warn });
}
if (!existsSync(entry)) {
  console.error(
    `${path.relative(process.cwd(), entry)} missing: run \`npm run build\`${name ? '' : ' (and name a command: node scripts/launch.mjs start)'}.`,
  );
  process.exit(1);
}
// The command reads its own arguments and name as if node had been given it.
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(entry).href);
