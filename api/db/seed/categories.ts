import type { PictureKind } from './images.ts';
import type { Rgb } from './png.ts';

export type CategoryAttrSeed = { key: string; value: string[] };

export type CategorySeed = {
  name: string;
  description: string;
  kind: PictureKind;
  color: Rgb;
  attrs: CategoryAttrSeed[];
};

const computerAttrs = (): CategoryAttrSeed[] => [
  { key: 'RAM', value: ['8 GB', '16 GB', '32 GB', '64 GB'] },
  { key: 'color', value: ['blue', 'red', 'black', 'silver', 'white'] },
];

/** The demo shop's categories, parents before children. */
export const CATEGORIES: readonly CategorySeed[] = [
  {
    name: 'Computers',
    description: 'Desktop towers, all-in-ones and workstations for home, office and play, ready to set up and built to last.',
    kind: 'computer',
    color: [52, 101, 164],
    attrs: computerAttrs(),
  },
  {
    name: 'Computers/Laptops',
    description: 'Portable computers for study, work and travel: light ultrabooks, sturdy business machines and powerful creator laptops.',
    kind: 'laptop',
    color: [70, 90, 120],
    attrs: computerAttrs(),
  },
  {
    name: 'Computers/Laptops/Lenovo',
    description: 'Lenovo ThinkPad, IdeaPad, Yoga and Legion laptops, known for their keyboards and their reliability.',
    kind: 'laptop',
    color: [200, 40, 45],
    attrs: computerAttrs(),
  },
  {
    name: 'Computers/Laptops/Dell',
    description: 'Dell XPS, Inspiron, Latitude and Alienware laptops, from thin and light to desktop-class gaming.',
    kind: 'laptop',
    color: [0, 118, 206],
    attrs: computerAttrs(),
  },
  {
    name: 'Tablets',
    description: 'Tablets for reading, drawing, video calls and entertainment on the go, with long battery life.',
    kind: 'tablet',
    color: [110, 80, 160],
    attrs: [
      { key: 'storage', value: ['64 GB', '128 GB', '256 GB', '512 GB'] },
      { key: 'color', value: ['black', 'silver', 'blue', 'pink'] },
    ],
  },
  {
    name: 'Monitors',
    description: 'Sharp, colour-accurate displays for work and gaming, from compact office screens to wide curved panels.',
    kind: 'monitor',
    color: [40, 140, 130],
    attrs: [
      { key: 'size', value: ['15.6"', '24"', '27"', '32"', '34"'] },
      { key: 'resolution', value: ['1080p', '1440p', '4K'] },
    ],
  },
  {
    name: 'Games',
    description: 'Video games and accessories for every player: adventures, racing, strategy, puzzles and family party games.',
    kind: 'game',
    color: [220, 90, 40],
    attrs: [{ key: 'platform', value: ['PC', 'PlayStation', 'Xbox', 'Switch'] }],
  },
  {
    name: 'Printers',
    description: 'Inkjet, laser and photo printers, plus all-in-ones that scan and copy, for home offices and busy teams.',
    kind: 'printer',
    color: [90, 100, 110],
    attrs: [{ key: 'type', value: ['inkjet', 'laser', 'photo', 'all-in-one'] }],
  },
  {
    name: 'Software',
    description: 'Productivity suites, security tools, creative applications and utilities, delivered as licence keys.',
    kind: 'software',
    color: [30, 150, 80],
    attrs: [{ key: 'platform', value: ['Windows', 'macOS', 'Linux', 'cross-platform'] }],
  },
  {
    name: 'Cameras',
    description: 'Mirrorless, compact and action cameras with lenses and accessories for travel, vlogging and studio work.',
    kind: 'camera',
    color: [60, 60, 70],
    attrs: [{ key: 'type', value: ['mirrorless', 'compact', 'action', 'instant'] }],
  },
  {
    name: 'Videos',
    description: 'Films, documentaries and series on Blu-ray and DVD, from award-winning dramas to nature and travel.',
    kind: 'video',
    color: [170, 40, 90],
    attrs: [{ key: 'format', value: ['Blu-ray', 'DVD', '4K UHD'] }],
  },
  {
    name: 'Books',
    description: 'Novels, biographies, science and cookery: hardbacks and paperbacks for every kind of reader.',
    kind: 'book',
    color: [160, 110, 50],
    attrs: [{ key: 'genre', value: ['fiction', 'crime', 'science', 'history', 'fantasy', 'cooking', 'biography'] }],
  },
];

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const categoryImageFile = (name: string): string => `category-${slug(name)}.png`;

export const categoryByName = (name: string): CategorySeed => {
  const found = CATEGORIES.find((c) => c.name === name);
  if (!found) throw new Error(`Unknown demo category ${name}`);
  return found;
};
