/**
 * A command run as a person runs it in a terminal, for the tests of how the shop stops: under a
 * pseudo-terminal (util-linux's `script`, part of every Debian), the command leads the terminal's
 * session and foreground process group, so Ctrl+C written to the terminal reaches that whole
 * group as the line discipline sends it, and SIGTERM can go to the command's process alone.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { type ChildOutput, childOutput } from './child-output.ts';

export type InTerminal = ChildOutput & {
  /** The command's process id (npm's, not the pseudo-terminal's keeper). */
  pid: () => Promise<number>;
  /** Types `keys` at the terminal (`\x03` is Ctrl+C). */
  type: (keys: string) => void;
};

/** Process `pid`'s state letter and parent (/proc/PID/stat: the fields after the parenthesised name); undefined when gone. */
const stat = async (pid: number): Promise<{ state: string; ppid: number } | undefined> => {
  try {
    const [state = '', ppid] = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
};

export const parentOf = async (pid: number): Promise<number | undefined> => (await stat(pid))?.ppid;

/** Those of `pids` still running (a zombie, dead and waiting to be reaped, is not). */
export const stillRunning = async (pids: number[]): Promise<number[]> => {
  const states = await Promise.all(pids.map(async (pid) => ({ pid, state: (await stat(pid))?.state ?? 'Z' })));
  return states.filter(({ state }) => state !== 'Z').map(({ pid }) => pid);
};

/** `root` and every process below it now, in whatever process group or session each one put itself. */
export const processTree = async (root: number): Promise<number[]> => {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const parents = await Promise.all(pids.map(async (pid) => ({ pid, ppid: (await stat(pid))?.ppid })));
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const { pid, ppid } of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
};

export const inTerminal = (command: string, { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv }): InTerminal => {
  // `exec`: the shell `script` starts the command with gives its place to it.
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', `exec ${command}`, '/dev/null'], {
    cwd,
    env: { ...env, SHELL: '/bin/sh' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output = childOutput(child, (text) => text.replaceAll('\r\n', '\n'));
  let leader: number | undefined;
  return {
    ...output,
    pid: async () => (leader ??= Number((await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')).trim().split(/\s+/)[0])),
    type: (keys) => child.stdin.write(keys),
  };
};
