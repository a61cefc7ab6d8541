import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shared layers are reached by name, never by climbing: from outside contracts/, machines/
 * or server/, an import says `#contracts/order.ts` (package.json `imports`, which TypeScript,
 * Vite, vitest, Playwright, dependency-cruiser and the compiled servers all read), so a file can
 * move without its imports of them changing. Relative imports stay inside one top folder.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BOUNDARIES = ['contracts', 'machines', 'server'];
const FOLDERS = ['api', 'bff', 'server', 'client', 'machines', 'widgets', 'contracts', 'scripts', 'tests', 'bench'];
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\(\s*)['"](\.[^'"]*)['"]/g;

/** The relative specifiers of `source` (a file at `file`, from the root) that climb into another top folder's boundary. */
export const climbsIntoBoundary = (file: string, source: string): string[] =>
  [...source.matchAll(SPECIFIER)]
    .map((m) => m[1]!)
    .filter((spec) => {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).split('/')[0]!;
      return BOUNDARIES.includes(to) && to !== file.split('/')[0];
    });

const sources = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
)
  // Their strings are fixtures: other files' imports, breaking the rules on purpose.
  .filter((file) => !['tests/lint/import-rules.test.ts', 'tests/lint/boundary-names.test.ts'].includes(file));

describe('imports of the shared layers use their boundary names', () => {
  it('when a file outside contracts/ climbs into it, then the check names the import', () => {
    expect(climbsIntoBoundary('client/features/cart/page.tsx', "import { x } from '../../../contracts/order.ts';")).toEqual([
      '../../../contracts/order.ts',
    ]);
    expect(climbsIntoBoundary('bff/app.ts', "const m = await import('../server/logger.ts');")).toEqual(['../server/logger.ts']);
    expect(climbsIntoBoundary('contracts/order.ts', "import { y } from './common.ts';")).toEqual([]);
    expect(climbsIntoBoundary('bff/app.ts', "import { z } from '#server/logger.ts';")).toEqual([]);
  });

  it('when the project is read, then no file climbs into another folder’s contracts/, machines/ or server/', () => {
    const climbing = sources.flatMap((file) =>
      climbsIntoBoundary(file, readFileSync(path.join(ROOT, file), 'utf8')).map((spec) => `${file}: ${spec}`),
    );
    expect(climbing).toEqual([]);
  });
});
