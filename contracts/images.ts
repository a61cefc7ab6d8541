/**
 * The sizes an uploaded photo is served in, shared by the API (which writes them)
 * and the pages (which list them in `srcset`). Free of zod, so browser bundles may import it.
 *
 * An image stored at `/images/<name>.jpg` (or `.png`) of `width` px has, beside it,
 * `/images/<name>-<w>.avif` and `/images/<name>-<w>.webp` for each `w` of `variantWidths(width)`.
 */

/** The widths written for every upload, never wider than the image itself. */
export const IMAGE_WIDTHS = [160, 320, 640, 1024, 1600] as const;

/** The widest any served variant (and the JPEG or PNG at `path`) may be. */
export const MAX_SERVED_WIDTH = 1600;

/** The stripped master kept for widths added later: its longer side at most this. */
export const MAX_MASTER_SIDE = 3000;

/** Refused before decoding: more pixels, a longer side or a bigger file than these. */
export const IMAGE_LIMITS = { maxPixels: 100_000_000, maxSide: 16_384, maxBytes: 25 * 1024 * 1024 } as const;

export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The variant widths of an image `width` px wide: the fixed ones below it, then its own width (at most 1600). */
export const variantWidths = (width: number): number[] => {
  const top = Math.min(Math.round(width), MAX_SERVED_WIDTH);
  const below = IMAGE_WIDTHS.filter((w) => w < top);
  return top > 0 ? [...below, top] : [];
};

/** `/images/x.jpg` → `/images/x-320.webp`. */
export const variantPath = (path: string, width: number, format: VariantFormat): string =>
  `${path.replace(/\.[A-Za-z0-9]+$/, '')}-${width}.${format}`;

/** The `srcset` of one format, or '' for an image without known width (hosted, or not yet rebuilt). */
export const srcSet = (image: { path: string; width?: number }, format: VariantFormat): string =>
  image.width
    ? variantWidths(image.width)
        .map((w) => `${variantPath(image.path, w, format)} ${w}w`)
        .join(', ')
    : '';

export const IMAGE_MESSAGES = {
  tooLarge: (name: string) => `The image ${name} is too large: at most 100 megapixels and 25 MB`,
  heic: (name: string) => `Save ${name} as JPEG and upload it again`,
} as const;

/**
 * The only extensions `/images/…` answers (the API, the BFF and nginx alike): what the image
 * pipeline writes, in lower case. Anything else under the folder (a page, a script a backup or
 * a person put there) is a 404, so it never runs on the shop's own origin.
 */
export const SERVED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'] as const;

const SERVED_IMAGE_NAME = new RegExp(`\\.(${SERVED_IMAGE_EXTENSIONS.join('|')})$`);

/** True when a path under `/images/` (as requested, without the query) names a file of a served type. */
export const isServedImagePath = (pathname: string): boolean => SERVED_IMAGE_NAME.test(pathname);
