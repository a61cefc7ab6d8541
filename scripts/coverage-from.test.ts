import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { NOT_TAKEN } from '#contracts/machine-counts.ts';
import { submitModel } from '#machines/shared/submit.model.ts';
import { coverageFrom } from './coverage-from.ts';

describe('npm run test:model -- --coverage-from FILE', () => {
  it('when production took a transition the tests never walk, and sent an event nothing took, then each machine lists all three kinds with counts and ends with its coverage line', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'coverage-from-')), 'counts.json');
    const submit = (source: string, event: string, target: string, count: number) => ({ machine: 'submit', source, event, target, count });
    writeFileSync(
      file,
      JSON.stringify([
        submit('submit.idle', 'submit.send', 'submit.sending', 40),
        // A transition the page took that the model's run never does (say, the machine changed since).
        submit('submit.idle', 'submit.madeUp', 'submit.idle', 2),
        submit('submit.idle', 'submit.confirm', NOT_TAKEN, 3),
      ]),
    );
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    let text: string;
    try {
      expect(await coverageFrom(['--coverage-from', file], [submitModel()])).toBe(0);
      text = out.mock.calls.map((c) => String(c[0])).join('\n');
    } finally {
      out.mockRestore();
    }
    expect(text).toContain('  Taken in production, never in the tests:\n    submit.idle --submit.madeUp--> submit.idle  ×2\n');
    const unused = /In the tests, never taken in production:\n((?: {4}.*\n)+)/.exec(text)?.[1] ?? '';
    expect(unused).toContain('    submit --submit.ask--> submit.asking\n');
    expect(unused).not.toContain('submit.idle --submit.send--> submit.sending');
    expect(text).toContain('  Sent in production, taken by no transition:\n    submit.confirm in submit.idle  ×3');
    expect(text.split('\n').at(-1)).toMatch(
      /^submit: the tests walk 1 of the 2 transitions production took \(95\.2 % of its traffic\); production took 1 of the \d+ the tests walk$/,
    );
  });

  it('when the counts cannot be read, then it says why and exits 2', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const name of ['MODEL_ADMIN_EMAIL', 'MODEL_ADMIN', 'MODEL_ADMIN_PASSWORD']) vi.stubEnv(name, '');
    try {
      expect(await coverageFrom(['--coverage-from', 'http://127.0.0.1:9/'], [submitModel()])).toBe(2);
      expect(String(err.mock.calls[0]?.[0])).toMatch(/MODEL_ADMIN_EMAIL and MODEL_ADMIN_PASSWORD/);
    } finally {
      err.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
