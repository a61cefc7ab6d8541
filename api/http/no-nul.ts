import type { RequestHandler } from 'express';
import { badRequest } from './errors.ts';

const NUL = '\u0000';
const MESSAGE = 'Text cannot contain a NUL character';

/** The path of the first string holding a NUL inside a parsed JSON value, e.g. `cartItems.0.name`. */
const nulAt = (value: unknown, path: string[] = []): string[] | null => {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = nulAt(inner, [...path, key]);
    if (found) return found;
  }
  return null;
};

/**
 * PostgreSQL text cannot hold U+0000: such input would reach the database and fail there as a
 * 500. It is refused up front with a 400 naming the field (a path or query parameter counts as
 * the URL).
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.url) || req.url.includes(NUL)) {
    next(badRequest(MESSAGE, 'url'));
    return;
  }
  const field = nulAt(req.body);
  next(field ? badRequest(MESSAGE, field.join('.') || 'body') : undefined);
};
