/**
 * The backup's container: a POSIX ustar archive inside gzip, written and read with Node's own
 * zlib and these few lines, so `tar -xzf` opens a backup by hand and the shop needs no
 * dependency for it. Only regular files, with names of at most 255 bytes (ustar's prefix and
 * name fields); the reader refuses anything else, and any name that could leave its folder.
 */
import type { Readable, Writable } from 'node:stream';

const BLOCK = 512;

const octal = (value: number, width: number): string => value.toString(8).padStart(width - 1, '0') + '\0';

const splitName = (name: string): { prefix: string; base: string } => {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  const cut = name.lastIndexOf('/', 155);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`A backup entry's name is too long: ${name}`);
  return { prefix: name.slice(0, cut), base: name.slice(cut + 1) };
};

/** One ustar header block for a regular file of `size` bytes. */
export const tarHeader = (name: string, size: number, mtime: Date): Buffer => {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  header.write(base, 0, 100);
  header.write(octal(0o600, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\u000000', 257);
  header.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148);
  return header;
};

const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries to `out` (a gzip stream, say), waiting when it asks to. */
export const tarWriter = (out: Writable) => {
  const write = (chunk: Buffer): Promise<void> =>
    new Promise((resolve, reject) => {
      if (out.write(chunk)) return resolve();
      // Both listeners go once either fires: a large backup waits for 'drain' thousands of times.
      const drained = () => {
        out.off('error', failed);
        resolve();
      };
      const failed = (error: Error) => {
        out.off('drain', drained);
        reject(error);
      };
      out.once('drain', drained);
      out.once('error', failed);
    });
  return {
    async add(name: string, data: Buffer, mtime = new Date()): Promise<void> {
      await write(tarHeader(name, data.length, mtime));
      await write(data);
      await write(padding(data.length));
    },
    /** Two zero blocks end an archive. */
    end: () => write(Buffer.alloc(BLOCK * 2)),
  };
};

const field = (block: Buffer, start: number, length: number): string => {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
};

const safeName = (name: string): boolean =>
  name.length > 0 &&
  !name.startsWith('/') &&
  !name.includes('\\') &&
  name.split('/').every((part) => part !== '..' && part !== '.' && part !== '');

/** Bytes from a stream, taken in exact amounts. */
const byteQueue = (source: AsyncIterable<Buffer>) => {
  const iterator = source[Symbol.asyncIterator]();
  let chunks: Buffer[] = [];
  let length = 0;
  return async (size: number): Promise<Buffer | undefined> => {
    while (length < size) {
      const next = await iterator.next();
      if (next.done) return undefined;
      chunks.push(next.value);
      length += next.value.length;
    }
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    const taken = all.subarray(0, size);
    const rest = all.subarray(size);
    chunks = rest.length ? [rest] : [];
    length = rest.length;
    return taken;
  };
};

export type TarEntry = { name: string; data: Buffer };

/** The entries of a (gunzipped) ustar stream, in order; throws on a truncated or malformed archive. */
export async function* readTar(source: Readable): AsyncGenerator<TarEntry> {
  const take = byteQueue(source);
  for (;;) {
    const header = await take(BLOCK);
    if (!header) throw new Error('the archive ends before its end marker (a truncated file?)');
    if (header.every((byte) => byte === 0)) return;
    const stored = Number.parseInt(field(header, 148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== stored) throw new Error('an entry header is damaged (its checksum does not match)');
    const type = field(header, 156, 1);
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim(), 8);
    if ((type !== '0' && type !== '') || !safeName(name) || !Number.isFinite(size))
      throw new Error(`unexpected entry in the archive: ${name}`);
    const data = await take(size);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (!data || (pad && !(await take(pad)))) throw new Error(`the archive ends inside ${name} (a truncated file?)`);
    yield { name, data: Buffer.from(data) };
  }
}
