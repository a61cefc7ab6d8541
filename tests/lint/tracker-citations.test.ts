import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment or test name that cites a tracker number points at nothing a reader of this
 * repository can open: it must say the reason, or cite the decision record (docs/decisions/).
 * Only the word issue (or ticket) before a number or a bracketed name, and a bare `#` with two or
 * more digits after a space or bracket, count as a citation: HTTP statuses (429),
 * colours ('#000') and state-machine labels ('cart.check#0') do not. Markdown is not read: the
 * bench results and the decision records are history.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', 'coverage']);
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const CITATION = /\b(?:[Ii]ssue|[Tt]icket)s?\s+(?:#\s*)?"?(?:\d+|\[[A-Z])|\[(?:Abuse|Codebase|Data|Experience|Media|Trust)\]/;
const HASH = /(?:^|[\s(])#\d{2,}\b/;
/** What a line says in a comment: a CSS colour in code is no citation. */
const commentOf = (line: string): string => (/^\s*(?:\/\/|\/?\*)/.test(line) ? line : (line.split(' // ')[1] ?? ''));
const cites = (line: string): boolean => CITATION.test(line) || HASH.test(commentOf(line));

/**
 * Being rewritten on another branch while these citations were replaced: drop an entry once its
 * file is clean.
 */
const sourceFiles = (dir = ''): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });

describe('tracker numbers in the source', () => {
  it('when a line cites a tracker number, then the pattern finds it, and not a status, colour or label', () => {
    const word = 'iss' + 'ue';
    for (const cited of [
      `// ${word} 26: cached`,
      ` * (${word} [Da` + 'ta])',
      '// the rules of [Tr' + 'ust]',
      `it('masks (${word} 27)'`,
      '// proxy hooks: #' + '472',
    ]) {
      expect(cites(cited), cited).toBe(true);
    }
    for (const plain of [
      'res.status(429) // too many',
      "fill: '#000'",
      "s = 'color: #21" + "2529;'",
      "'--cart.check#0-->'",
      '// fetch #1, fetch #2',
      '// the issues a shopper meets',
    ]) {
      expect(cites(plain), plain).toBe(false);
    }
  });

  it('when every source file is read, then none cites a tracker number', () => {
    const cited = sourceFiles().flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (cites(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(cited).toEqual([]);
  });
});
