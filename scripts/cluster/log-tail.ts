/**
 * Follows a log file supervisord writes for one program, line by line, from where it stood when
 * followed (a restart's lines only, not an earlier run's). A file rotated away (a new inode) or cut
 * shorter is read again from its start.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

export type Tail = {
  /** Reads what was written since the last read now (before a line that must come after it). */
  flush(): void;
  close(): void;
};

const POLL_MS = 100;

export const followLines = (file: string, onLine: (line: string) => void): Tail => {
  let inode: number | undefined;
  let offset = 0;
  let rest = '';
  const sizeNow = (): { ino: number; size: number } | undefined => {
    try {
      const { ino, size } = statSync(file);
      return { ino, size };
    } catch {
      return undefined;
    }
  };
  const start = sizeNow();
  if (start) [inode, offset] = [start.ino, start.size];
  const read = () => {
    const now = sizeNow();
    if (!now) return;
    if (now.ino !== inode || now.size < offset) [inode, offset, rest] = [now.ino, 0, ''];
    if (now.size === offset) return;
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(fstatSync(fd).size - offset, 1 << 20));
      const got = readSync(fd, buffer, 0, buffer.length, offset);
      offset += got;
      const lines = (rest + buffer.subarray(0, got).toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    } finally {
      closeSync(fd);
    }
  };
  const timer = setInterval(read, POLL_MS);
  timer.unref();
  return {
    flush: read,
    close() {
      clearInterval(timer);
      read();
      if (rest) onLine(rest);
      rest = '';
    },
  };
};
