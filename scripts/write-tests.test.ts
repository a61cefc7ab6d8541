import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { submitModel } from '#machines/shared/submit.model.ts';
import { walk } from '#machines/testing/transition-walk.ts';
import { coverageFrom } from './coverage-from.ts';

// Inside the repository (test-results/ is ignored), so the written file resolves `#machines/…` and vitest as a committed one would.
const root = path.resolve(import.meta.dirname, '..');
mkdirSync(path.join(root, 'test-results'), { recursive: true });
const dir = mkdtempSync(path.join(root, 'test-results', 'write-tests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const submit = (source: string, event: string, target: string, count: number) => ({ machine: 'submit', source, event, target, count });
// A model whose sample lost Cancel on the question: its runs never walk either of the question's Cancel transitions.
const withoutCancel = () => {
  const spec = submitModel();
  return { ...spec, events: (spec.events as { type: string }[]).filter((e) => e.type !== 'submit.dismiss') } as typeof spec;
};

/** Runs `--coverage-from FILE --write-tests DIR` on `counts`: its exit status and what it printed. */
const writeFrom = async (counts: unknown[], out: string) => {
  const file = path.join(dir, `${path.basename(out)}.json`);
  writeFileSync(file, JSON.stringify(counts));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    const status = await coverageFrom(['--coverage-from', file, '--write-tests', out], [withoutCancel()]);
    return { status, printed: log.mock.calls.map((c) => String(c[0])).join('\n') };
  } finally {
    log.mockRestore();
  }
};

const written = await writeFrom(
  [
    submit('submit.idle', 'submit.send', 'submit.sending', 40),
    submit('submit.asking', 'submit.dismiss', 'submit.idle', 4),
    submit('submit.asking', 'submit.dismiss', 'submit.failed', 1),
    submit('submit.gone', 'submit.send', 'submit.sending', 2),
  ],
  path.join(dir, 'production'),
);
const file = path.join(dir, 'production', 'submit.production.test.ts');

describe('npm run test:model -- --coverage-from FILE --write-tests DIR', () => {
  it('when production took transitions the model runs never walk, then one file for the machine holds a test for each, named after it, one step per line', () => {
    expect(written.status).toBe(0);
    expect(written.printed).toContain(`write-tests: wrote ${file}: 2 test(s)`);
    expect(written.printed).toContain('write-tests: no test for submit submit.gone --submit.send--> submit.sending: this build');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\/\/ Candidate tests: transitions the submit machine took in production that the model runs/);
    expect(text).not.toContain('Not walked on this build');
    expect(text).toContain(`it('submit.asking --submit.dismiss--> submit.idle (×4 in production)', async () => {
    const machine = walk('submit');
    await machine.step({ type: 'submit.ask', values: { id: 'row-1' } });
    await machine.expectTransition({ type: 'submit.dismiss' }, 'submit.asking --submit.dismiss--> submit.idle');
  });`);
    // Cancel goes back to the refusal only after one: the path to it passes a refused send.
    expect(text).toMatch(
      /await machine\.step\(\{ type: 'xstate\.error\.actor\.send'.*\n.*submit\.ask.*\n.*expectTransition\(\{ type: 'submit\.dismiss' \}, 'submit\.asking --submit\.dismiss--> submit\.failed'\)/,
    );
    expect(text).not.toContain('submit.idle --submit.send');
  });

  it('when this build does not take a transition production took, then its test is still written, fails saying what the machine took, and the header names it', async () => {
    const stale = path.join(dir, 'stale');
    const { printed } = await writeFrom([submit('submit.idle', 'submit.dismiss', 'submit.idle', 3)], stale);
    expect(printed).toMatch(/submit\.production\.test\.ts: 1 test\(s\), 1 not walked on this build \(named in its header\)/);
    expect(readFileSync(path.join(stale, 'submit.production.test.ts'), 'utf8')).toContain(
      '// Not walked on this build (1): a page of another build, a payload the sample lacks, or a bug:\n//   submit.idle --submit.dismiss--> submit.idle: it took no transition\n',
    );
    await expect(
      walk('submit').expectTransition({ type: 'submit.dismiss' }, 'submit.idle --submit.dismiss--> submit.idle'),
    ).rejects.toThrow(
      "In idle, submit.dismiss took no transition on this build's submit machine, not submit.idle --submit.dismiss--> submit.idle",
    );
  });
});

// The written file runs with this one: its tests walk this build's submit machine (they fail if they do not).
await import(pathToFileURL(file).href);
