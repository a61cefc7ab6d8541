/**
 * One program of the cluster run as a plain child of the caller, without supervisord: for the
 * tests that need nginx or PostgreSQL alone, as the cluster configures them. Nothing restarts it.
 */
import { type Proc, spawnPrefixed } from './processes.ts';
import type { Program } from './supervisor-config.ts';
import type { Supervised } from './supervisor.ts';

export const unsupervised = (program: Program, log: (line: string) => void): Supervised => {
  let proc: Proc | undefined;
  const listeners: ((line: string) => void)[] = [];
  const asUser = program.user && process.getuid?.() === 0;
  return {
    name: program.name,
    get pid() {
      return proc?.pid ?? 0;
    },
    get exited() {
      return proc?.exited ?? Promise.resolve({ code: null, signal: null });
    },
    running: () => proc?.running() ?? false,
    onLine: (listener) => listeners.push(listener),
    lastLines: (count) => proc?.lastLines(count) ?? '',
    signal: (signal) => proc?.signal(signal),
    async start() {
      if (proc?.running()) return;
      proc = spawnPrefixed({
        name: program.name,
        command: asUser ? 'runuser' : program.command,
        args: asUser ? ['-u', program.user!, '--', program.command, ...program.args] : [...program.args],
        env: { ...process.env, ...program.env },
        log,
      });
      for (const listener of listeners) proc.onLine(listener);
    },
    stop: async (signal) => proc?.stop(signal ?? `SIG${program.stopSignal}`, program.stopWaitSecs * 1000) ?? { code: 0, signal: null },
    restarts: () => 0,
  };
};
