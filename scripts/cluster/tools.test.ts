import { describe, expect, it } from 'vitest';
import { APT_LINE, findTools, type Probe } from './tools.ts';

const fakeProbe = (files: string[]): Probe => ({
  exists: (file) => files.includes(file),
  list: (dir) => [...new Set(files.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0]!))],
});

const PG15 = ['initdb', 'pg_ctl', 'postgres'].map((t) => `/usr/lib/postgresql/15/bin/${t}`);
const PG16 = ['initdb', 'pg_ctl', 'postgres'].map((t) => `/usr/lib/postgresql/16/bin/${t}`);

describe('start:cluster looks for its Debian packages', () => {
  it('when all four are installed, then it finds the newest PostgreSQL, redis-server, nginx and supervisord', () => {
    const found = findTools(fakeProbe([...PG15, ...PG16, '/usr/bin/redis-server', '/usr/sbin/nginx', '/usr/bin/supervisord']), '');
    expect(found).toEqual({
      ok: true,
      tools: {
        pgBin: '/usr/lib/postgresql/16/bin',
        redisServer: '/usr/bin/redis-server',
        nginx: '/usr/sbin/nginx',
        supervisord: '/usr/bin/supervisord',
      },
    });
  });

  it('when nginx is missing, then the message names nginx (only) and gives the apt line', () => {
    const found = findTools(fakeProbe([...PG15, '/usr/bin/redis-server', '/usr/bin/supervisord']), '');
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.missing).toEqual(['nginx']);
    expect(found.message).toContain('needs nginx,');
    expect(found.message).toContain(APT_LINE);
  });

  it('when PostgreSQL has only part of its binaries and redis is absent, then both are named', () => {
    const found = findTools(fakeProbe(['/usr/lib/postgresql/15/bin/initdb', '/usr/sbin/nginx', '/usr/bin/supervisord']), '');
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.missing.map((m) => m.split(' ')[0])).toEqual(['postgresql', 'redis-server']);
    expect(found.message).toContain('apt-get install -y postgresql redis-server nginx supervisor');
  });

  it('when a program is only on PATH, then it is found there', () => {
    const found = findTools(
      fakeProbe([...PG15, '/opt/redis/bin/redis-server', '/usr/sbin/nginx', '/usr/bin/supervisord']),
      '/opt/redis/bin',
    );
    expect(found.ok && found.tools.redisServer).toBe('/opt/redis/bin/redis-server');
  });
});
