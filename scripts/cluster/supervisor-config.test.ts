import { describe, expect, it } from 'vitest';
import { environmentValue, type Program, shellWord, supervisorConfig } from './supervisor-config.ts';

const api: Program = {
  name: 'api-1',
  command: '/usr/bin/node',
  args: ['/srv/shop 1/dist/start-api.js'],
  env: { DATABASE_URL: 'postgres://postgres:a%2Fb@127.0.0.1:5432/postgres', TOKEN_SECRET: 'x#y,z' },
  stopSignal: 'TERM',
  stopWaitSecs: 20,
  startSecs: 3,
};

const section = (config: string, name: string) => config.slice(config.indexOf(`[program:${name}]`)).split('\n\n')[0]!;

describe("the supervisor's configuration for the cluster", () => {
  const config = supervisorConfig(
    '/srv/data/cluster/supervisor',
    [api, { ...api, name: 'postgres', user: 'postgres', stopSignal: 'INT', env: undefined }],
    '/srv/shop',
  );

  it('when written, then supervisord stays in the foreground, is controlled through an owner-only socket, and each program waits for the launcher, restarts on its own and stops with its own signal', () => {
    expect(config).toMatch(/^nodaemon=true$/m);
    expect(config).toMatch(/^file=\/srv\/data\/cluster\/supervisor\/supervisor.sock\nchmod=0700$/m);
    const pg = section(config, 'postgres');
    for (const line of ['autostart=false', 'autorestart=true', 'stopsignal=INT', 'user=postgres', 'stopasgroup=true'])
      expect(pg).toContain(`\n${line}\n`);
    expect(pg).toContain('stdout_logfile=/srv/data/cluster/supervisor/logs/postgres.log');
  });

  it('when a path holds a space and a secret holds %, # or a comma, then they reach the program as written', () => {
    const section1 = section(config, 'api-1');
    expect(section1).toContain("command=/usr/bin/node '/srv/shop 1/dist/start-api.js'");
    // supervisord expands %(…)s: a literal % is doubled; quotes keep the comma and the # inside the value.
    expect(section1).toContain('environment=DATABASE_URL="postgres://postgres:a%%2Fb@127.0.0.1:5432/postgres",TOKEN_SECRET="x#y,z"');
    expect(shellWord("it's")).toBe(`'it'"'"'s'`);
  });

  it('when a value would need both quotes, or starts or ends with one, then it is refused rather than changed', () => {
    expect(environmentValue('say "hi"!')).toBe(`'say "hi"!'`);
    expect(() => environmentValue(`it's "x"`)).toThrow(/quotes/);
    expect(() => environmentValue('"x')).toThrow(/quotes/);
    expect(() => supervisorConfig('/d', [{ ...api, env: { A: 'line\nbreak' } }], '/')).toThrow(/line break/);
  });
});
