// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductPicture } from './product-picture.tsx';

describe('ProductPicture', () => {
  it('when the photo was uploaded (its width known), then AVIF and WebP sources list every variant up to its width, and the img keeps the spec path and the box size', () => {
    const html = renderToStaticMarkup(
      <ProductPicture image={{ path: '/images/ab12.jpg', width: 900, height: 1200 }} width={80} height={60} sizes="80px" loading="lazy" />,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const sources = [...doc.querySelectorAll('picture > source')].map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
      s.getAttribute('sizes'),
    ]);
    expect(sources).toEqual([
      [
        'image/avif',
        '/images/ab12-160.avif 160w, /images/ab12-320.avif 320w, /images/ab12-640.avif 640w, /images/ab12-900.avif 900w',
        '80px',
      ],
      [
        'image/webp',
        '/images/ab12-160.webp 160w, /images/ab12-320.webp 320w, /images/ab12-640.webp 640w, /images/ab12-900.webp 900w',
        '80px',
      ],
    ]);
    const img = doc.querySelector('picture > img')!;
    expect([
      img.getAttribute('src'),
      img.getAttribute('width'),
      img.getAttribute('height'),
      img.getAttribute('loading'),
      img.getAttribute('alt'),
    ]).toEqual(['/images/ab12.jpg', '80', '60', 'lazy', '']);
  });

  it('when the image is hosted elsewhere or its width is unknown, then it is a plain img with its width and height', () => {
    const html = renderToStaticMarkup(
      <ProductPicture image={{ path: 'https://res.cloudinary.test/a.png' }} width={400} height={300} sizes="100vw" alt="A" />,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('picture, source')).toBeNull();
    expect(doc.querySelector('img')?.outerHTML).toBe('<img src="https://res.cloudinary.test/a.png" alt="A" width="400" height="300">');
  });
});
