import { inflateSync } from 'node:zlib';
import { crc32, PNG_SIGNATURE } from './png.ts';

/** Splits a PNG into its chunks, checking each chunk's CRC, and inflates its pixels (for the tests). */
export const readPng = (bytes: Buffer) => {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG signature');
  const chunks: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crc = bytes.readUInt32BE(at + 8 + length);
    if (crc !== crc32(bytes.subarray(at + 4, at + 8 + length))) throw new Error(`bad CRC in ${type}`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  const ihdr = chunks[0]!;
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  return { chunks, width, height, bitDepth: ihdr.data[8], colourType: ihdr.data[9], raw };
};
