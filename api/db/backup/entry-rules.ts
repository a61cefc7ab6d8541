/**
 * What a backup may hold, checked entry by entry as the archive streams past (read.ts), the
 * same way in a dry run and in a restore: table files of JSON lines, each row at most
 * MAX_ROW_BYTES; under `images/` only files the image pipeline writes, named as it names them
 * and readable as the image type their name says; a manifest of bounded size. Nothing is
 * buffered whole but a manifest or an image, each after its declared size is checked.
 */
import { IMAGE_LIMITS, SERVED_IMAGE_EXTENSIONS } from '#contracts/images.ts';
import { detectImageType, isAvif } from '../../components/images/image-type.ts';
import { MASTERS_DIR } from '../../components/images/storage.ts';
import { IMAGES_PREFIX } from './manifest.ts';

/**
 * The longest row a valid shop exports, with room to spare. The largest is a product at every
 * limit (ProductBody: name 200, description 5,000, category 200, 50 attributes of 100 + 100
 * characters: 15,400 characters), each character in JSON's longest spelling (`\u001f`, 6 bytes):
 * about 92 KB, plus its image list; an order of 100 lines (CreateOrderBody) is about 135 KB.
 * A longer line is not a row this shop wrote: it is refused before it is held whole.
 */
export const MAX_ROW_BYTES = 256 * 1024;

/** A manifest lists every entry (about 130 bytes each): room for some 500,000 image files. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** The table file's rows, one JSON text a line, none longer than MAX_ROW_BYTES; empty lines skipped. */
export async function* jsonLines(name: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let row = 0;
  const tooLong = () => new Error(`${name}: row ${row + 1} is longer than ${MAX_ROW_BYTES} bytes, more than any row the shop writes`);
  for await (const chunk of chunks) {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      if (pendingBytes + end - start > MAX_ROW_BYTES) throw tooLong();
      if (newline === -1) {
        if (end > start) {
          pending.push(chunk.subarray(start));
          pendingBytes += end - start;
        }
        break;
      }
      const line = pending.length
        ? Buffer.concat([...pending, chunk.subarray(start, newline)]).toString('utf8')
        : chunk.toString('utf8', start, newline);
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      if (!line) continue;
      row += 1;
      yield line;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending).toString('utf8');
}

const EXTENSIONS = SERVED_IMAGE_EXTENSIONS.join('|');
/** `<hash>.jpg`, `<hash>-320.avif`, `demo/category-tablets.png`; under `.masters/` the same, or `….pending` (a rebuild's). */
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const FILE = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]*\\.(${EXTENSIONS})$`);
const PENDING = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]*\\.(${EXTENSIONS})\\.pending$`);

type Sniffed = 'png' | 'jpg' | 'gif' | 'webp' | 'avif';
const sniff = (bytes: Uint8Array): Sniffed | null => detectImageType(bytes) ?? (isAvif(bytes) ? 'avif' : null);

const parse = (name: string) => {
  const parts = name.slice(IMAGES_PREFIX.length).split('/');
  const master = parts[0] === MASTERS_DIR && parts.length > 1;
  return { master, folders: parts.slice(master ? 1 : 0, -1), file: parts.at(-1) ?? '' };
};

/**
 * Why the image pipeline would never have written this entry under `images/`, from its name and
 * declared size, before any of it is read (undefined: it might have).
 */
export const imageEntryProblem = (name: string, size: number): string | undefined => {
  const { master, folders, file } = parse(name);
  if (!folders.every((f) => FOLDER.test(f)) || !(FILE.test(file) || (master && PENDING.test(file))))
    return `not a name the image pipeline writes (image types only: .${SERVED_IMAGE_EXTENSIONS.join(' .')})`;
  if (size > IMAGE_LIMITS.maxBytes) return `larger than any image the shop keeps (${IMAGE_LIMITS.maxBytes} bytes)`;
  return undefined;
};

/**
 * Why these bytes are not the image their name says (undefined: they are). A served file must
 * be of its name's type; a master (`.masters/`, never served) is a JPEG or PNG whatever its name.
 */
export const imageContentProblem = (name: string, bytes: Uint8Array): string | undefined => {
  const { master, file } = parse(name);
  const found = sniff(bytes);
  if (!found) return 'not an image';
  const named = FILE.exec(file.replace(/\.pending$/, ''))?.[1];
  const expected = named === 'jpeg' ? 'jpg' : named;
  return master || found === expected ? undefined : `a ${found} file named .${named ?? ''}`;
};
