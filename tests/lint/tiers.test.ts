import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_SPECS, CLUSTER_VITEST, TIERS } from '../tiers.ts';

/**
 * `npm test` is the three tiers; a test file that no tier names would never run, and one that two
 * name would run twice (or in the wrong pool: a database file among the all-cores pure tests).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'data']);

const testFiles = (dir = ''): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : testFiles(rel);
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [rel] : [];
  });

const matches = (file: string, globs: string[]) => globs.some((glob) => path.matchesGlob(file, glob));

const tiersOf = (file: string): string[] => [
  ...Object.entries(TIERS)
    .filter(([, t]) => matches(file, t.include) && !matches(file, t.exclude))
    .map(([name]) => name),
  ...(matches(file, CLUSTER_VITEST) ? ['e2e (cluster)'] : []),
  ...(matches(file, [BROWSER_SPECS]) ? ['e2e (browser)'] : []),
];

describe('the test tiers', () => {
  const files = testFiles();

  it('when the project is searched for test files, then it finds the suites of every folder', () => {
    for (const folder of [
      'api/',
      'bff/',
      'client/',
      'machines/',
      'widgets/',
      'scripts/',
      'tests/e2e/',
      'tests/cluster/',
      'tests/security/',
    ]) {
      expect(
        files.some((f) => f.startsWith(folder)),
        folder,
      ).toBe(true);
    }
  });

  it('when each test file is matched against the tiers, then it is in exactly one', () => {
    const wrong = files.map((file) => ({ file, tiers: tiersOf(file) })).filter(({ tiers }) => tiers.length !== 1);
    expect(wrong).toEqual([]);
  });

  it('when a file starts a database or a server, then it is not in the fast tier', () => {
    for (const file of ['api/db/persistence.test.ts', 'bff/app.test.ts', 'scripts/start.test.ts', 'tests/security/injection.test.ts']) {
      expect(tiersOf(file)).toEqual(['db']);
    }
    expect(tiersOf('machines/cart/cart.machine.test.ts')).toEqual(['fast']);
    expect(tiersOf('scripts/cluster/cluster.test.ts')).toEqual(['e2e (cluster)']);
  });
});
