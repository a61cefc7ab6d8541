import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';
import { localImageFile } from './storage.ts';

describe('localImageFile', () => {
  const dataDir = '/srv/shop-data';

  it('when the path names a file inside the images folder, then that file is answered', () => {
    expect(localImageFile(dataDir, '/images/a.png')).toBe(path.resolve(dataDir, 'images/a.png'));
    expect(localImageFile(dataDir, '/images/demo/laptop-1.png')).toBe(path.resolve(dataDir, 'images/demo/laptop-1.png'));
    expect(localImageFile(dataDir, '/images/demo/../b.png')).toBe(path.resolve(dataDir, 'images/b.png'));
  });

  it.each([
    '/images/../secret',
    '/images/a/../../secret',
    '/images/',
    '/images/.',
    '/images//etc/passwd/../..',
    '/etc/passwd',
    'images/a.png',
    '/images/a\0.png',
    '/images/..\\x',
    'https://cdn.test/images/a.png',
  ])('when the path is %j, then it is refused', (p) => {
    expect(localImageFile(dataDir, p)).toBeNull();
  });
});

describe('detectImageType', () => {
  it('when the bytes start with an image signature, then its format is named whatever the file is called', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpg');
    expect(detectImageType(Buffer.from('GIF87a...'))).toBe('gif');
    expect(detectImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
  });

  it.each([
    ['SVG', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', '<html><script>alert(1)</script></html>'],
    ['a RIFF that is not WebP', 'RIFF\x10\x00\x00\x00WAVEfmt '],
    ['a truncated PNG signature', '\x89PNG'],
    ['nothing', ''],
  ])('when the bytes are %s, then no format is recognised', (_label, text) => {
    expect(detectImageType(Buffer.from(text, 'latin1'))).toBeNull();
  });
});
