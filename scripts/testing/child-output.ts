/** A started command's output for a test: all of it so far, and a wait for a pattern in it. */
import type { ChildProcess } from 'node:child_process';

export type ChildOutput = {
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
  /** The first match of `pattern` in its output so far or later; throws if it ends first. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  output: () => string;
};

/** Collects `child`'s standard output and error; `clean` rewrites each chunk (a terminal's \r\n). */
export const childOutput = (child: ChildProcess, clean: (text: string) => string = (text) => text): ChildOutput => {
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += clean(chunk.toString())));
  child.stderr?.on('data', (chunk: Buffer) => (out += clean(chunk.toString())));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp): Promise<RegExpMatchArray> => {
    for (;;) {
      const found = out.match(pattern);
      if (found) return found;
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${child.spawnfile} ended (${child.exitCode ?? child.signalCode}) before ${pattern}:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { exited, waitFor, output: () => out };
};
