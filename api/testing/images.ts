import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures as owners upload them, made at test time: a phone photo with GPS, XMP, a comment
 * and a rotation in its EXIF; a transparent PNG; an animated GIF; headers of files too large to
 * decode; a HEIC file's first bytes.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/**
 * A PNG whose header claims `width`×`height` (a decompression bomb when large): a few hundred
 * bytes on the wire, width × height × 4 bytes once decoded.
 */
export const pngClaiming = (width: number, height: number): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The first bytes of an iPhone photo: an ISO-BMFF `ftyp` box of brand `heic`. */
export const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'ascii'), Buffer.alloc(64)]);

export const GPS_TEXT = 'GPSLatitude';
export const XMP_TEXT = 'http://ns.adobe.com/xap/1.0/';
export const COMMENT_TEXT = 'shot at 12 Home Street';

/** Textured pixels, so encoders work as on a photo rather than on a flat colour. */
const texture = (width: number, height: number, channels: 3 | 4): Buffer => {
  const px = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      px[i] = (x * 255) / width;
      px[i + 1] = (y * 255) / height;
      px[i + 2] = (x * y + ((x * 7) ^ (y * 13))) & 255;
      if (channels === 4) px[i + 3] = x < width / 2 ? 255 : 96;
    }
  }
  return px;
};

/** Puts a JPEG comment (COM marker) right after the start of image. */
const withComment = (jpeg: Buffer, text: string): Buffer => {
  const body = Buffer.from(text, 'latin1');
  const marker = Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), marker, body, jpeg.subarray(2)]);
};

/**
 * A phone photo stored sideways (`width`×`height` pixels, EXIF orientation 6: shown rotated a
 * quarter turn, so `height`×`width` on screen) with GPS position, XMP and a comment.
 */
export const phonePhoto = async (width = 1200, height = 900): Promise<Buffer> => {
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="${XMP_TEXT}" xmp:CreatorTool="Phone"/></rdf:RDF></x:xmpmeta>`;
  const jpeg = await sharp(texture(width, height, 3), { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .withXmp(xmp)
    .jpeg({ quality: 90 })
    .toBuffer();
  return withComment(jpeg, COMMENT_TEXT);
};

/** A PNG with a half-transparent right side. */
export const transparentPng = (width = 400, height = 300): Promise<Buffer> =>
  sharp(texture(width, height, 4), { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();

/** A two-frame animated GIF: the first frame red, the second blue, each `width`×`height`. */
export const animatedGif = (width = 200, height = 100): Promise<Buffer> => {
  const frame = (rgb: [number, number, number]) => {
    const px = Buffer.alloc(width * height * 3);
    for (let i = 0; i < px.length; i += 3) px.set(rgb, i);
    return px;
  };
  return sharp(Buffer.concat([frame([220, 20, 20]), frame([20, 20, 220])]), {
    raw: { width, height: height * 2, channels: 3, pageHeight: height },
  })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
};

/** A plain opaque JPEG of `width`×`height`. */
export const plainJpeg = (width: number, height: number): Promise<Buffer> =>
  sharp(texture(width, height, 3), { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();

/** Markers of metadata in any stored or served byte: EXIF, GPS, XMP, a JPEG comment, PNG text or EXIF chunks. */
export const metadataFound = (bytes: Buffer): string[] => {
  const found: string[] = [];
  if (bytes.includes(Buffer.from('Exif\0\0', 'latin1')) || bytes.includes(Buffer.from('eXIf', 'latin1'))) found.push('EXIF');
  if (bytes.includes(Buffer.from(GPS_TEXT, 'latin1')) || bytes.includes(Buffer.from('PhoneMaker', 'latin1'))) found.push('EXIF fields');
  if (bytes.includes(Buffer.from(XMP_TEXT, 'latin1')) || bytes.includes(Buffer.from('xmpmeta', 'latin1'))) found.push('XMP');
  if (bytes.includes(Buffer.from(COMMENT_TEXT, 'latin1'))) found.push('comment');
  for (const text of ['tEXt', 'iTXt', 'zTXt']) if (bytes.includes(Buffer.from(text, 'latin1'))) found.push(`PNG ${text}`);
  return found;
};
