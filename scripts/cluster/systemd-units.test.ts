import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Program } from './supervisor-config.ts';
import { documentedNames, serviceEnv, systemdUnits, writeUnits } from './systemd-units.ts';

const program = (name: string, more: Partial<Program> = {}): Program => ({
  name,
  command: '/bin/true',
  args: [],
  stopSignal: 'TERM',
  stopWaitSecs: 20,
  startSecs: 3,
  ...more,
});

const groups = [
  [
    program('postgres', { args: ['-D', '/srv/shop data', '-c', 'a=50%$HOME'], user: 'postgres', stopSignal: 'INT', stopWaitSecs: 30 }),
    program('redis'),
  ],
  [program('api-1', { env: { DATABASE_URL: 'postgres://postgres:p"w\\d@127.0.0.1:5/postgres' } })],
  [program('bff-1')],
  [program('nginx', { stopSignal: 'QUIT' })],
];

const text = (files: ReturnType<typeof systemdUnits>, name: string) => files.find((f) => f.name === name)!.text;

describe('start:cluster --systemd-units: the supervised programs as systemd units', () => {
  const files = systemdUnits({
    groups,
    unitDir: '/etc/systemd/system',
    cwd: '/srv/statefront',
    env: { PATH: '/usr/bin', NODE_ENV: 'production' },
  });

  it('when written, then each program restarts on its own forever, stops with its own signal, and starts after the groups before it', () => {
    const pg = text(files, 'statefront-postgres.service');
    expect(pg).toMatch(/^Restart=always$/m);
    expect(pg).toMatch(/^StartLimitIntervalSec=0$/m);
    expect(pg).toMatch(/^KillSignal=SIGINT$/m);
    expect(pg).toMatch(/^User=postgres$/m);
    expect(pg).toMatch(/^After=network.target$/m);
    expect(text(files, 'statefront-nginx.service')).toMatch(/^KillSignal=SIGQUIT$/m);
    // nginx last, so that a stop (the reverse) closes the public port first.
    expect(text(files, 'statefront-nginx.service')).toMatch(
      /^After=network.target statefront-postgres.service statefront-redis.service statefront-api-1.service statefront-bff-1.service$/m,
    );
    // Ordered, never required: a restarting PostgreSQL does not stop the APIs.
    expect(files.map((f) => f.text).join('')).not.toMatch(/^Requires=/m);
    expect(text(files, 'statefront.target')).toMatch(
      /^Wants=statefront-postgres.service statefront-redis.service statefront-api-1.service statefront-bff-1.service statefront-nginx.service$/m,
    );
  });

  it('when an argument holds a space, % or $, and a secret a quote or backslash, then systemd gets them as written, the secrets in a file only root reads', () => {
    expect(text(files, 'statefront-postgres.service')).toContain('ExecStart="/bin/true" "-D" "/srv/shop data" "-c" "a=50%%$$HOME"');
    const env = files.find((f) => f.name === 'statefront-api-1.env')!;
    expect(env.mode).toBe(0o600);
    expect(env.text).toContain('DATABASE_URL="postgres://postgres:p\\"w\\\\d@127.0.0.1:5/postgres"');
    expect(env.text).toContain('NODE_ENV="production"');
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))(
    'when systemd-analyze verifies the written units, then it finds nothing wrong',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'statefront-units-'));
      try {
        const written = systemdUnits({ groups, unitDir: dir, cwd: dir, env: {} });
        await writeUnits(dir, written);
        expect((await stat(path.join(dir, 'statefront-api-1.env'))).mode & 0o777).toBe(0o600);
        const units = written.filter((f) => !f.name.endsWith('.env')).map((f) => path.join(dir, f.name));
        const verify = spawnSync('systemd-analyze', ['verify', ...units], { encoding: 'utf8' });
        expect(verify.stderr + verify.stdout).toBe('');
        expect(verify.status).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('when the launcher passes its environment on, then the services keep PATH, NODE_ENV and the documented settings only', async () => {
    const names = documentedNames(await readFile('.env.example', 'utf8'));
    expect(names.has('LOG_LEVEL')).toBe(true);
    expect(serviceEnv({ PATH: '/bin', NODE_ENV: 'production', LOG_LEVEL: 'warn', TERM: 'xterm', SSH_AUTH_SOCK: '/tmp/a' }, names)).toEqual({
      PATH: '/bin',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    });
  });
});
