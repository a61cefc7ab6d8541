import type SharpLibrary from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { IMAGE_LIMITS, MAX_MASTER_SIDE, MAX_SERVED_WIDTH, variantWidths, type VariantFormat } from '#contracts/images.ts';

/** What one upload becomes; nothing of the file as sent survives but its pixels. */
export type ProcessedImage = {
  /** Of the served JPEG or PNG (at most 1600 px wide). */
  width: number;
  height: number;
  /** The served file's format: PNG where the image has transparency (or the format asked for). */
  ext: MainFormat;
  main: Buffer;
  /** At most 3000 px on its longer side, stripped, for widths added later. */
  master: Buffer;
  variants: Array<{ width: number; format: VariantFormat; bytes: Buffer }>;
};

/** What the file at `path` may be written as: an upload's is chosen by transparency, a rebuilt old path's by its name. */
export type MainFormat = 'jpg' | 'png' | 'webp' | 'gif';

export type ImageProblem = 'too large' | 'undecodable';
export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

let loaded: Promise<typeof SharpLibrary> | undefined;

/**
 * sharp (libvips), loaded at the first image: an API that takes no upload never maps it. Set for
 * a server, not a desktop (decision 014): no upload is processed twice, so libvips' operation
 * cache (50 MB and 100 operations by default) would only hold memory between uploads; one thread
 * an image, as sharp already picks on glibc to keep malloc's arenas few, on every libc.
 */
export const imageLibrary = (): Promise<typeof SharpLibrary> =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

// Every decode refuses more pixels than the limit, however the header was read.
const INPUT = { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', pages: 1, page: 0 } as const;

/**
 * Reads the header only (no pixel decoded): refuses a picture over 100 megapixels or 16,384 px
 * on a side before any memory is spent on it.
 */
export const checkHeader = async (bytes: Uint8Array): Promise<void> => {
  const sharp = await imageLibrary();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('undecodable');
  }
  const { width = 0, height = 0 } = meta;
  if (!width || !height) throw new ImageRefused('undecodable');
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels) {
    throw new ImageRefused('too large');
  }
};

const encode = (raw: Sharp, format: VariantFormat | MainFormat): Promise<Buffer> => {
  switch (format) {
    case 'avif':
      // effort 0: as small as effort 2 on photos (measured: 264 against 277 KB at 1600 px) in a fifth of the time; the default 4 takes 40× longer.
      return raw.avif({ quality: 50, effort: 0 }).toBuffer();
    case 'webp':
      return raw.webp({ quality: 75, effort: 2 }).toBuffer();
    case 'png':
      return raw.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case 'gif':
      return raw.gif().toBuffer();
    case 'jpg':
      // mozjpeg's trellis saves ~10 % at 4× the time: not worth it for the spec's fallback file.
      return raw.jpeg({ quality: 80, progressive: true }).toBuffer();
  }
};

/**
 * Decodes once (EXIF orientation applied, sRGB, the first frame of an animation, at most 3000
 * px), then writes every size from those pixels. sharp's output carries no metadata unless
 * asked: no EXIF, GPS, XMP, ICC or comment reaches a stored byte.
 */
const processNow = async (bytes: Uint8Array, as?: MainFormat): Promise<ProcessedImage> => {
  await checkHeader(bytes);
  const sharp = await imageLibrary();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, INPUT)
      .autoOrient()
      .resize({ width: MAX_MASTER_SIDE, height: MAX_MASTER_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageRefused('too large');
    throw new ImageRefused('undecodable');
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const alpha = (info.channels === 4 || info.channels === 2) && !opaque(data, info.channels);
  // A GIF or PNG whose alpha is all opaque is a photo like any other: a JPEG.
  const pixels = () => (alpha || (info.channels !== 4 && info.channels !== 2) ? sharp(data, { raw }) : sharp(data, { raw }).removeAlpha());
  const ext = as ?? (alpha ? 'png' : 'jpg');
  const sized = (width: number) => pixels().resize({ width, withoutEnlargement: true });

  const master = await encode(pixels(), alpha ? 'png' : 'jpg');
  const width = Math.min(info.width, MAX_SERVED_WIDTH);
  // A JPEG asked for by an old path's name has no alpha to keep: flattened onto white, not black.
  const main = await encode(ext === 'jpg' && alpha ? sized(width).flatten({ background: '#ffffff' }) : sized(width), ext);
  const height = Math.round((info.height * width) / info.width);
  const variants: ProcessedImage['variants'] = [];
  for (const w of variantWidths(width)) {
    for (const format of ['avif', 'webp'] as const) variants.push({ width: w, format, bytes: await encode(sized(w), format) });
  }
  return { width, height, ext, main, master, variants };
};

/** True when every pixel's alpha (the last channel) is 255. */
const opaque = (data: Buffer, channels: number): boolean => {
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 255) return false;
  return true;
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * One image at a time per process: libvips already spreads one image over the cores (off the
 * event loop, on libuv's pool), and several 12 MP decodes at once would multiply the memory.
 */
export const processImage = (bytes: Uint8Array, as?: MainFormat): Promise<ProcessedImage> => {
  const job = queue.then(() => processNow(bytes, as));
  queue = job.catch(() => undefined);
  return job;
};
