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

/** Bytes from a stream: a header's exact amount, or an entry's body as it comes, never more than asked. */
const byteQueue = (source: AsyncIterable<Buffer>) => {
  const iterator = source[Symbol.asyncIterator]();
  let chunks: Buffer[] = [];
  let length = 0;
  const fill = async (size: number): Promise<boolean> => {
    while (length < size) {
      const next = await iterator.next();
      if (next.done) return false;
      chunks.push(next.value);
      length += next.value.length;
    }
    return true;
  };
  const cut = (size: number): Buffer => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    chunks = size < all.length ? [all.subarray(size)] : [];
    length = all.length - size;
    return all.subarray(0, size);
  };
  return {
    /** Exactly `size` bytes (a header, a padding), or undefined where the stream ends first. */
    exact: async (size: number): Promise<Buffer | undefined> => ((await fill(size)) ? cut(size) : undefined),
    /** Between 1 and `most` bytes, as they arrive; undefined where the stream ends. */
    some: async (most: number): Promise<Buffer | undefined> => ((await fill(1)) ? cut(Math.min(most, length)) : undefined),
  };
};

/**
 * One entry: its name and the size its header declares, then its bytes as they come (`body`,
 * read at most once, before the next entry is asked for). Nothing is read before `body` is: a
 * reader checks the size first, and an entry it does not read is skipped, never buffered.
 */
export type TarEntry = { name: string; size: number; body: () => AsyncGenerator<Buffer> };

/** The whole body of an entry, for small ones (a manifest, an image) whose size was checked. */
export const readWhole = async (entry: TarEntry): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of entry.body()) parts.push(chunk);
  return Buffer.concat(parts, entry.size);
};

/** The entries of a (gunzipped) ustar stream, in order; throws on a truncated or malformed archive. */
export async function* readTar(source: Readable): AsyncGenerator<TarEntry> {
  const bytes = byteQueue(source);
  for (;;) {
    const header = await bytes.exact(BLOCK);
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
    if ((type !== '0' && type !== '') || !safeName(name) || !Number.isSafeInteger(size) || size < 0)
      throw new Error(`unexpected entry in the archive: ${name}`);
    let left = size;
    const truncated = () => new Error(`the archive ends inside ${name} (a truncated file?)`);
    async function* body(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const chunk = await bytes.some(left);
        if (!chunk) throw truncated();
        left -= chunk.length;
        yield chunk;
      }
    }
    yield { name, size, body };
    // What the reader left unread is skipped as it comes.
    while (left > 0) {
      const chunk = await bytes.some(left);
      if (!chunk) throw truncated();
      left -= chunk.length;
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad && !(await bytes.exact(pad))) throw truncated();
  }
}
