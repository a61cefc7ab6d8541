import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exists } from '../../components/images/storage.ts';
import { darken, lighten, Raster, type Rgb } from './png.ts';

/** What a picture shows: one simple silhouette per kind of goods. */
export type PictureKind = 'computer' | 'laptop' | 'tablet' | 'monitor' | 'game' | 'printer' | 'software' | 'camera' | 'video' | 'book';

export type PictureSpec = {
  /** File name under `images/demo/`, e.g. `category-tablets.png`. */
  file: string;
  kind: PictureKind;
  color: Rgb;
  /** 0, 1, 2: a different framing of the same item (front, smaller, off-centre). */
  variant: number;
};

export const WIDTH = 400;
export const HEIGHT = 300;
export const DEMO_IMAGE_DIR = 'images/demo';
export const demoImagePath = (file: string): string => `/images/demo/${file}`;

const WHITE: Rgb = [250, 250, 250];
const INK: Rgb = [40, 44, 52];

/** Draws the silhouette of `kind` centred on (cx, cy) at scale s (1 = fills about half the frame). */
export const drawKind = (img: Raster, kind: PictureKind, cx: number, cy: number, s: number, c: Rgb): void => {
  const dark = darken(c, 0.45);
  const light = lighten(c, 0.55);
  switch (kind) {
    case 'computer':
      img.rect(cx - 45 * s, cy - 80 * s, 90 * s, 160 * s, dark);
      img.rect(cx - 35 * s, cy - 65 * s, 70 * s, 12 * s, light);
      img.rect(cx - 35 * s, cy - 45 * s, 70 * s, 12 * s, light);
      img.circle(cx, cy + 45 * s, 10 * s, c);
      break;
    case 'laptop':
      img.rect(cx - 90 * s, cy - 70 * s, 180 * s, 115 * s, dark);
      img.rect(cx - 80 * s, cy - 62 * s, 160 * s, 98 * s, light);
      img.triangle(cx - 110 * s, cy + 65 * s, cx - 90 * s, cy + 45 * s, cx + 110 * s, cy + 65 * s, c);
      img.triangle(cx + 110 * s, cy + 65 * s, cx - 90 * s, cy + 45 * s, cx + 90 * s, cy + 45 * s, c);
      break;
    case 'tablet':
      img.rect(cx - 60 * s, cy - 85 * s, 120 * s, 170 * s, dark);
      img.rect(cx - 52 * s, cy - 75 * s, 104 * s, 140 * s, light);
      img.circle(cx, cy + 75 * s, 5 * s, c);
      break;
    case 'monitor':
      img.rect(cx - 110 * s, cy - 80 * s, 220 * s, 130 * s, dark);
      img.rect(cx - 100 * s, cy - 72 * s, 200 * s, 114 * s, light);
      img.rect(cx - 10 * s, cy + 50 * s, 20 * s, 25 * s, dark);
      img.rect(cx - 50 * s, cy + 75 * s, 100 * s, 8 * s, dark);
      break;
    case 'game':
      img.rect(cx - 70 * s, cy - 30 * s, 140 * s, 60 * s, c);
      img.circle(cx - 70 * s, cy + 5 * s, 38 * s, c);
      img.circle(cx + 70 * s, cy + 5 * s, 38 * s, c);
      img.rect(cx - 85 * s, cy - 5 * s, 36 * s, 10 * s, WHITE);
      img.rect(cx - 72 * s, cy - 18 * s, 10 * s, 36 * s, WHITE);
      img.circle(cx + 60 * s, cy - 8 * s, 8 * s, light);
      img.circle(cx + 82 * s, cy + 12 * s, 8 * s, dark);
      break;
    case 'printer':
      img.rect(cx - 50 * s, cy - 85 * s, 100 * s, 60 * s, WHITE);
      img.rect(cx - 95 * s, cy - 35 * s, 190 * s, 90 * s, c);
      img.rect(cx - 60 * s, cy + 35 * s, 120 * s, 45 * s, WHITE);
      img.rect(cx + 60 * s, cy - 20 * s, 20 * s, 8 * s, light);
      break;
    case 'software':
      img.circle(cx, cy, 85 * s, c);
      img.circle(cx, cy, 60 * s, light);
      img.circle(cx, cy, 18 * s, dark);
      img.circle(cx, cy, 8 * s, WHITE);
      break;
    case 'camera':
      img.rect(cx - 100 * s, cy - 55 * s, 200 * s, 120 * s, dark);
      img.rect(cx - 40 * s, cy - 75 * s, 80 * s, 25 * s, dark);
      img.circle(cx, cy + 5 * s, 48 * s, c);
      img.circle(cx, cy + 5 * s, 30 * s, INK);
      img.circle(cx - 10 * s, cy - 5 * s, 8 * s, WHITE);
      break;
    case 'video':
      img.rect(cx - 100 * s, cy - 70 * s, 200 * s, 140 * s, dark);
      img.triangle(cx - 30 * s, cy - 45 * s, cx - 30 * s, cy + 45 * s, cx + 45 * s, cy, WHITE);
      for (let i = 0; i < 6; i++) img.rect(cx - 95 * s + i * 34 * s, cy - 66 * s, 18 * s, 8 * s, light);
      break;
    case 'book':
      img.rect(cx - 65 * s, cy - 90 * s, 130 * s, 180 * s, c);
      img.rect(cx - 65 * s, cy - 90 * s, 14 * s, 180 * s, dark);
      img.rect(cx - 35 * s, cy - 55 * s, 80 * s, 10 * s, WHITE);
      img.rect(cx - 35 * s, cy - 35 * s, 60 * s, 6 * s, light);
      break;
  }
};

/** A 400x300 picture: a soft gradient backdrop, a floor shadow and the item's silhouette. */
export const renderPicture = (spec: Omit<PictureSpec, 'file'>): Raster => {
  const img = new Raster(WIDTH, HEIGHT).gradient(lighten(spec.color, 0.85), lighten(spec.color, 0.6));
  const frames = [
    { cx: 200, cy: 150, s: 1 },
    { cx: 200, cy: 160, s: 0.7 },
    { cx: 150, cy: 150, s: 0.85 },
  ] as const;
  const f = frames[spec.variant % frames.length]!;
  img.rect(0, 250, WIDTH, 50, lighten(spec.color, 0.45));
  drawKind(img, spec.kind, f.cx, f.cy, f.s, spec.color);
  if (spec.variant === 2) img.circle(320, 70, 30, lighten(spec.color, 0.2));
  return img;
};

/**
 * Writes the pictures under `${dataDir}/images/demo/`, skipping files already there (they
 * are deterministic, so an existing file has the same bytes). Returns how many were written.
 */
export const writePictures = async (dataDir: string, specs: readonly PictureSpec[]): Promise<number> => {
  const dir = path.resolve(dataDir, DEMO_IMAGE_DIR);
  await mkdir(dir, { recursive: true });
  let written = 0;
  for (const spec of specs) {
    const file = path.join(dir, spec.file);
    if (await exists(file)) continue;
    await writeFile(file, renderPicture(spec).toPng());
    written++;
  }
  return written;
};
