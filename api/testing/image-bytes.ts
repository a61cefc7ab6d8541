/** A file's first bytes for each image type: enough for the shop to take it for one (image-type.ts). */
const SIGNATURES = {
  jpg: Buffer.from('ffd8ffe0', 'hex'),
  png: Buffer.from('89504e470d0a1a0a', 'hex'),
  webp: Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'),
} as const;

/** A stand-in image file of `type` (its signature, then `tag`), padded with 1s to `size` bytes when given. */
export const imageFileBytes = (type: keyof typeof SIGNATURES, tag: string, size?: number): Buffer => {
  const bytes = Buffer.concat([SIGNATURES[type], Buffer.from(tag)]);
  return size === undefined ? bytes : Buffer.concat([bytes, Buffer.alloc(Math.max(0, size - bytes.length), 1)]);
};
