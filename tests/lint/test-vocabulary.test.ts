import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests' vocabulary (api/testing/test-api.ts) stays the one way to make what a test stands on:
 * a test or test helper that makes an admin, or writes a shipping profile, says `registerAdmin`,
 * `adminWithProfile` or `customerWithProfile` instead of restating how (the promotion, the SQL),
 * so a change to how accounts are made is one edit. The old fixture name `shopper` (once in
 * api/components/orders/fixtures.ts) stays refused: `customerWithProfile` says it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', 'coverage']);
const FOLDERS = ['api', 'bff', 'client', 'machines', 'widgets', 'contracts', 'scripts', 'tests'];
/** Test code: test and spec files, and the helpers in testing/, support/ and fixtures files. */
const TEST_CODE = /(\.(test|spec)\.tsx?$|(^|\/)(testing|support)\/.*\.tsx?$|fixtures\.ts$)/;

/** Where the vocabulary itself says how. */
const VOCABULARY = ['api/testing/api-harness.ts', 'api/testing/test-api.ts', 'api/components/orders/fixtures.ts'];
/** A user made admin after logging in is what this suite is about, not its setup. */
const PROMOTION_IS_THE_SUBJECT = ['bff/session/session.test.ts'];

const RESTATED: Array<{ what: string; pattern: RegExp }> = [
  { what: 'makes an admin itself (say registerAdmin)', pattern: /\.makeAdmin\(|is_admin\s*=\s*true/ },
  { what: 'writes a shipping profile in SQL (say customerWithProfile)', pattern: /set\s+phone_number\s*=/i },
  {
    what: "imports the old fixture name 'shopper' (say customerWithProfile)",
    pattern: /import\s*\{[^}]*\bshopper\b[^}]*\}\s*from\s*'[^']*fixtures\.ts'/,
  },
];

const restates = (text: string): string[] => RESTATED.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);

const testFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : testFiles(rel);
    return TEST_CODE.test(rel) ? [rel] : [];
  });

describe('the tests speak the test vocabulary', () => {
  it('when a test restates how an admin or a shipping profile is made, then the patterns find it, and not the vocabulary in use', () => {
    for (const restated of [
      'const { user } = await t.register();\nawait t.makeAdmin(user._id);',
      "await db.query('update users set is_admin = true where id = $1', [id]);",
      "`update users set phone_number = '+44 20 7946 0000', address = '12 Analytical St'`",
      "import { addProduct, shopper } from '../orders/fixtures.ts';",
    ]) {
      expect(restates(restated), restated).not.toEqual([]);
    }
    for (const spoken of [
      'const admin = await registerAdmin(t);',
      "await t.db.query('update users set is_admin = false');",
      "import { customerWithProfile } from '../../testing/test-api.ts';",
      'const shopper = await customer();',
      "expect(rows[0]).toEqual({ address: '1 Navy Way', phoneNumber: '555-0100' });",
    ]) {
      expect(restates(spoken), spoken).toEqual([]);
    }
  });

  it('when every test file and test helper is read, then only the vocabulary (and the files listed here) says how', () => {
    // This file's own examples restate on purpose.
    const allowed = new Set([...VOCABULARY, ...PROMOTION_IS_THE_SUBJECT, 'tests/lint/test-vocabulary.test.ts']);
    const found = FOLDERS.flatMap(testFiles)
      .filter((file) => !allowed.has(file))
      .flatMap((file) => restates(readFileSync(path.join(ROOT, file), 'utf8')).map((what) => `${file} ${what}`));
    expect(found).toEqual([]);
  });
});
