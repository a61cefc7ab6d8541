import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser fetches as JavaScript, read from a Vite build's manifest (`build.manifest`),
 * for the size budgets (client/bundle-size.test.ts, widgets/widget-size.test.ts) and the bench
 * that prints them (bench/bundle-size.ts). Sizes are gzip at level 9, the level
 * scripts/precompress.ts serves, one file at a time as the browser gets them.
 */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type SizedFile = { file: string; gzip: number };

export const gzipSize = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** vite.config.ts's `root`: the manifest names files from there. */
const VITE_ROOT = 'client';

/** A manifest key as a path from the project's root (a package as `node_modules/...`, wherever it is linked from). */
export const sourceOf = (key: string): string => {
  const inPackage = key.lastIndexOf('node_modules/');
  return inPackage >= 0 ? key.slice(inPackage) : posix.join(VITE_ROOT, key);
};

/**
 * The manifest key of a source file given from the project's root (`client/features/x/y.tsx`).
 * Keys are relative to Vite's root (client/), or climb out of it to node_modules.
 */
export const keyOf = (manifest: Manifest, source: string): string => {
  const fromRoot = posix.relative(VITE_ROOT, source);
  const key = Object.keys(manifest).find((k) => k === fromRoot || (source.startsWith('node_modules/') && k.endsWith(`/${source}`)));
  if (!key) throw new Error(`${source} is not a chunk of this build (is it still imported with import()?)`);
  return key;
};

/** The page's entry: index.html's module script. */
const ENTRY = 'index.html';

/** The chunks `keys` load before they run: themselves and their static imports, transitively. */
export const staticClosure = (manifest: Manifest, keys: string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    // A key that is not there would count as nothing and pass any budget.
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
};

/** Each chunk's JavaScript file with its gzip size, biggest first. */
export const sized = (outDir: string, manifest: Manifest, keys: Iterable<string>): SizedFile[] =>
  [...keys]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSize(join(outDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip);

export const total = (files: SizedFile[]): number => files.reduce((sum, f) => sum + f.gzip, 0);

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

/** One line a file, for a failure message or a bench: the reader sees what to cut. */
export const listing = (files: SizedFile[]): string => files.map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.file}`).join('\n');

/** A budget's verdict in words, naming every file that counts toward it. */
export const overBudget = (label: string, files: SizedFile[], budget: number): string | null => {
  const size = total(files);
  return size <= budget ? null : `${label}: ${kb(size)} gzip is over its ${kb(budget)} budget:\n${listing(files)}`;
};

/**
 * The home route for a guest: the entry (index.html) with its static imports, plus the chunks
 * that `firstShow` (source files loaded with import()) pull in when the page first shows.
 */
export const homeRoute = (outDir: string, manifest: Manifest, firstShow: readonly string[]): SizedFile[] =>
  sized(outDir, manifest, staticClosure(manifest, [ENTRY, ...firstShow.map((s) => keyOf(manifest, s))]));

/**
 * What opening a lazy chunk costs once the home route is loaded: the chunk and the static
 * imports it brings that the home route did not already fetch.
 */
export const lazyChunkCost = (outDir: string, manifest: Manifest, source: string, home: readonly string[]): SizedFile[] => {
  const loaded = staticClosure(manifest, [ENTRY, ...home.map((s) => keyOf(manifest, s))]);
  const needed = [...staticClosure(manifest, [keyOf(manifest, source)])].filter((key) => !loaded.has(key));
  return sized(outDir, manifest, needed);
};

/** Every chunk the app loads with import(), by source file from the project's root. */
export const lazySources = (manifest: Manifest): string[] =>
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key]) => sourceOf(key));
