import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, Raster } from './png.ts';
import { readPng } from './read-png.ts';
import { renderPicture } from './images.ts';

describe('png', () => {
  it('when computing a CRC-32, then it matches the standard check value and zlib', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    const sample = Buffer.from('IHDR some bytes \u00ff\u0000 more');
    const zlibCrc = (zlib as { crc32?: (b: Buffer) => number }).crc32;
    if (zlibCrc) expect(crc32(sample)).toBe(zlibCrc(sample));
  });

  it('when a raster is encoded, then the PNG has IHDR, IDAT, IEND and its pixels decode back', () => {
    const img = new Raster(5, 3).gradient([0, 0, 0], [255, 255, 255]);
    img.set(2, 1, [10, 20, 30]);
    const png = readPng(img.toPng());
    expect(png.chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([5, 3, 8, 2]);
    expect(png.raw).toHaveLength(3 * (1 + 5 * 3));
    const row1 = png.raw.subarray(16, 32);
    expect(row1[0]).toBe(0); // filter type none
    expect([...row1.subarray(1 + 2 * 3, 1 + 3 * 3)]).toEqual([10, 20, 30]);
    expect([...png.raw.subarray(1, 4)]).toEqual([0, 0, 0]);
    expect([...png.raw.subarray(32 + 1, 32 + 4)]).toEqual([255, 255, 255]);
  });

  it('when a picture is rendered, then the silhouette differs from the backdrop', () => {
    const img = renderPicture({ kind: 'camera', color: [60, 60, 70], variant: 0 });
    const at = (x: number, y: number) => [...img.pixels.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3)];
    expect(at(200, 150)).not.toEqual(at(5, 5));
  });
});
