import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { type Coding, pickEncoding } from '../../contracts/accept-encoding.ts';

/**
 * JSON answers compressed where they are made (bench/json-compression.ts measured this against
 * compressing at the BFF): the API holds the whole body, so one zlib call on the libuv thread
 * pool, not a stream on the event loop; and the BFF then relays a fifth of the bytes.
 * Cheap levels, because every answer pays for it: brotli 4 (smaller than gzip 4 at about its
 * cost), gzip 4 for a browser without brotli. Under MIN_BYTES the headers cost more than it saves.
 * Only res.send of a JSON string is touched: files (images), streams and socket.io never pass here.
 */
export const JSON_COMPRESSION = { minBytes: 1024, brotliQuality: 4, gzipLevel: 4 } as const;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const compressJsonBody = (coding: Coding, body: string): Promise<Buffer> =>
  coding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: JSON_COMPRESSION.brotliQuality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gz(body, { level: JSON_COMPRESSION.gzipLevel });

export const compressJson = (): RequestHandler => (req, res, next) => {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const type = String(res.getHeader('content-type') ?? '');
    if (typeof body !== 'string' || !type.startsWith('application/json') || res.getHeader('content-encoding') || Buffer.byteLength(body) < JSON_COMPRESSION.minBytes) {
      return send(body);
    }
    res.vary('Accept-Encoding');
    const coding = pickEncoding(req.headers['accept-encoding']);
    if (!coding) return send(body);
    compressJsonBody(coding, body).then(
      (compressed) => {
        res.setHeader('content-encoding', coding);
        send(compressed);
      },
      () => send(body),
    );
    return res;
  };
  next();
};
