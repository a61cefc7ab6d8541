/** The image formats a browser shows safely, by the extension we give the stored file. */
export type ImageType = 'png' | 'jpg' | 'webp' | 'gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The format the file's first bytes say it is, or null. The name and the declared type are
 * the sender's word and are ignored; SVG (script-capable) is text and never matches.
 */
export const detectImageType = (bytes: Uint8Array): ImageType | null => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
};

/** HEIF brands of HEVC-coded pictures (iPhone photos), which sharp's prebuilt libvips cannot decode. */
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'];

/** True for an ISO-BMFF file (`ftyp` box first) of a HEIC brand: refused with advice rather than as "not an image". */
export const isHeic = (bytes: Uint8Array): boolean => {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return HEIC_BRANDS.includes(brand);
};

/** An AVIF file (`ftyp` box of an AVIF brand): the variants the pipeline writes beside each image. */
export const isAvif = (bytes: Uint8Array): boolean =>
  startsWith(bytes, ascii('ftyp'), 4) && ['avif', 'avis'].includes(String.fromCharCode(...bytes.subarray(8, 12)));
