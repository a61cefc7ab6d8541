import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { isServedImagePath } from '#contracts/images.ts';

/**
 * `/images/…` from DATA_DIR/images: files of the image types only (SERVED_IMAGE_EXTENSIONS),
 * so a page or script in the folder (restored, or copied there by hand) is a 404, never a
 * document of the shop's own origin that the CSP's `'self'` would let run.
 */
export const imageFiles = (dataDir: string): RequestHandler => {
  const files = express.static(path.resolve(dataDir, 'images'), {
    index: false,
    // `.masters/` (the kept originals) and temporary files are never served.
    dotfiles: 'deny',
    // A folder's name is not an image: no redirect to its slash-ended spelling.
    redirect: false,
    // Content-named and never rewritten: a browser or CDN keeps them for a year.
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });
  return (req, res, next) => (isServedImagePath(req.path) ? files(req, res, next) : next());
};
