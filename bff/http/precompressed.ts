import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { type Coding, pickEncoding } from '#server/accept-encoding.ts';
import { COMPRESSIBLE } from '#server/compressible.ts';

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };
/** Best first: brotli is smaller than gzip at the levels the build uses. */
const CODINGS: readonly Coding[] = ['br', 'gzip'];

const isFile = (file: string): Promise<boolean> =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * Serves the `.br` or `.gz` copy the build wrote beside a file (scripts/precompress.ts) when
 * the browser accepts it: Content-Encoding says which, Content-Type stays the file's own, and
 * Vary: Accept-Encoding goes on every answer for a file that has copies, so a shared cache
 * never hands the compressed bytes to a browser that asked for none. Ranges, HEAD and
 * conditional requests are send's, on the compressed bytes (their own ETag). Anything else
 * (no copy, identity, a path outside `root`) falls through to express.static.
 */
export const precompressed =
  (root: string, setHeaders: (res: Response, file: string) => void): RequestHandler =>
  async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (relative.includes('\0') || !file.startsWith(root + path.sep) || relative.split('/').some((part) => part.startsWith('.')))
      return next();
    const present = await Promise.all(CODINGS.map((coding) => isFile(file + SUFFIX[coding])));
    const copies = CODINGS.filter((_, i) => present[i]);
    if (copies.length === 0 || !(await isFile(file))) return next();
    res.vary('Accept-Encoding');
    const coding = pickEncoding(req.headers['accept-encoding'], copies);
    if (!coding) return next();
    res.type(path.extname(file));
    res.setHeader('content-encoding', coding);
    setHeaders(res, file);
    res.sendFile(file + SUFFIX[coding]);
  };
