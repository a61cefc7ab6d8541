import type { RequestHandler } from 'express';
import { isServedImagePath } from '#contracts/images.ts';

/**
 * `/images/…` of an image type only (SERVED_IMAGE_EXTENSIONS), answered 404 here otherwise: a
 * page or script in the API's images folder never reaches a browser as the shop's own document,
 * whatever the API in front of it would do.
 */
export const imageTypesOnly: RequestHandler = (req, res, next) => {
  if (isServedImagePath(req.path)) return next();
  res.status(404).json({ message: 'No such image' });
};
