/**
 * The Debian packages the cluster runs on: PostgreSQL's server binaries (any installed major
 * version, the newest first), redis-server, nginx and supervisor (which runs them all). Missing ones are named with the apt
 * line that installs them, so a fresh machine gets one clear instruction.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const APT_LINE = 'apt-get install -y postgresql redis-server nginx supervisor';

export type Tools = { pgBin: string; redisServer: string; nginx: string; supervisord: string };
export type ToolsFound = { ok: true; tools: Tools } | { ok: false; missing: string[]; message: string };

/** What the search may look at; tests pass a fake file system. */
export type Probe = { exists: (file: string) => boolean; list: (dir: string) => string[] };

const realProbe: Probe = {
  exists: existsSync,
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
};

const PG_ROOT = '/usr/lib/postgresql';
const PG_TOOLS = ['initdb', 'pg_ctl', 'postgres'];
const SEARCH_PATH = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

/** The newest /usr/lib/postgresql/<major>/bin holding initdb, pg_ctl and postgres. */
const findPgBin = (probe: Probe): string | undefined =>
  probe
    .list(PG_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => path.join(PG_ROOT, major, 'bin'))
    .find((bin) => PG_TOOLS.every((tool) => probe.exists(path.join(bin, tool))));

const findProgram = (probe: Probe, name: string, dirs: readonly string[]): string | undefined =>
  dirs.map((dir) => path.join(dir, name)).find((file) => probe.exists(file));

/** The missing packages in one message: which, and the line that installs them. */
export const missingMessage = (missing: readonly string[]): string =>
  `npm run start:cluster needs ${missing.join(', ')}, not found on this machine. Install with:\n  ${APT_LINE}\n(as root, or with sudo)`;

export const findTools = (probe: Probe = realProbe, pathEnv = process.env.PATH ?? ''): ToolsFound => {
  const dirs = [...new Set([...pathEnv.split(':').filter(Boolean), ...SEARCH_PATH])];
  const pgBin = findPgBin(probe);
  const redisServer = findProgram(probe, 'redis-server', dirs);
  const nginx = findProgram(probe, 'nginx', dirs);
  const supervisord = findProgram(probe, 'supervisord', dirs);
  const missing = [
    ...(pgBin ? [] : [`postgresql (initdb, pg_ctl and postgres under ${PG_ROOT}/<version>/bin)`]),
    ...(redisServer ? [] : ['redis-server']),
    ...(nginx ? [] : ['nginx']),
    ...(supervisord ? [] : ['supervisor (supervisord)']),
  ];
  if (pgBin && redisServer && nginx && supervisord) return { ok: true, tools: { pgBin, redisServer, nginx, supervisord } };
  return { ok: false, missing, message: missingMessage(missing) };
};
