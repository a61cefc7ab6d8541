import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { type Coding, pickEncoding } from '#server/accept-encoding.ts';

/**
 * JSON answers compressed where they are made: bench/json-compression.ts measured this against
 * compressing at the BFF. The API holds the whole body, so it is one zlib call (~30 µs for a
 * list page, lost in the noise of the ~4 ms the request costs API and BFF); at the BFF it would
 * be a zlib stream per answer over the relayed chunks (+0.5–0.8 ms, most of it the stream's
 * setup), and the BFF relays a third of the bytes instead of all of them.
 * The cheapest levels, since every answer pays: brotli 1 came out smaller than gzip 1 and faster
 * than gzip 4 (list page 2.4 KB of 6 KB in ~35 µs; brotli 4 saved 8 % more for 3.5 times the
 * CPU); gzip 1 for a browser without brotli. Under MIN_BYTES the headers cost more than it saves.
 * Only res.send of a JSON string is touched: files (images), streams and socket.io never pass here.
 */
export const JSON_COMPRESSION = { minBytes: 1024, brotliQuality: 1, gzipLevel: 1 } as const;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const compressJsonBody = (coding: Coding, body: string): Promise<Buffer> =>
  coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: JSON_COMPRESSION.brotliQuality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gz(body, { level: JSON_COMPRESSION.gzipLevel });

export const compressJson = (): RequestHandler => (req, res, next) => {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const type = String(res.getHeader('content-type') ?? '');
    if (
      typeof body !== 'string' ||
      !type.startsWith('application/json') ||
      res.getHeader('content-encoding') ||
      Buffer.byteLength(body) < JSON_COMPRESSION.minBytes
    ) {
      return send(body);
    }
    res.vary('Accept-Encoding');
    const coding = pickEncoding(req.headers['accept-encoding']);
    if (!coding) return send(body);
    compressJsonBody(coding, body).then(
      (compressed) => {
        res.setHeader('content-encoding', coding);
        // A strong validator names these bytes: the compressed answer's tag says its coding.
        const tag = res.getHeader('etag');
        if (typeof tag === 'string' && tag.startsWith('"')) res.setHeader('etag', `${tag.slice(0, -1)}-${coding}"`);
        send(compressed);
      },
      () => send(body),
    );
    return res;
  };
  next();
};
