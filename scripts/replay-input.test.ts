import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReplayInput } from './replay-input.ts';

const fixture = path.resolve(import.meta.dirname, '../tests/fixtures/event-logs/checkout-cod.json');
const log = () => JSON.parse(readFileSync(fixture, 'utf8')) as Array<{ state?: unknown }>;

/** The fixture's log as the admin's Download saves a problem report around it. */
const report = (events: unknown[], more: Record<string, unknown> = {}) =>
  JSON.stringify({
    _id: '00000000-0000-4000-8000-000000000000',
    number: 'R-1042',
    createdAt: '2026-11-29T10:00:00.000Z',
    path: '/cart-details',
    shopper: null,
    build: 'b-old',
    text: 'Placing the order\nwent strange',
    viewport: { width: 390, height: 844 },
    browser: { name: 'Chrome', version: '131' },
    events,
    ...more,
  });

describe('npm run replay with a problem report', () => {
  it('when a downloaded report is replayed, then its events replay as a log does, under a header naming the report and its other build', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'replay-report-')), 'problem-report-R-1042.json');
    writeFileSync(file, report(log()));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Problem report R-1042 on /cart-details (Chrome 131, 390 × 844)');
    expect(run.stdout).toMatch(/Recorded on build b-old, not this one/);
    expect(run.stdout).toContain('checkout  createOrder done → placed');
  });

  it('when a report was taken on the running build, then no build warning; when its oldest events were left out, then its note is said', () => {
    const same = readReplayInput(
      report(log(), { build: 'b-now', note: 'The 3 oldest events were left out to keep the report within 1 MB' }),
      'b-now',
    );
    expect(same.entries).toEqual(log());
    expect(same.header.join('\n')).not.toMatch(/Recorded on build/);
    expect(same.header.join('\n')).toMatch(/The 3 oldest events were left out .*: the replay starts after them/);
  });

  it('when a file is neither a log nor a report, then it is refused with why', () => {
    expect(() => readReplayInput('{"number":"R-1"}', undefined)).toThrow(/JSON array/);
    expect(() => readReplayInput(report([{ actor: 'cart' }]), undefined)).toThrow(/Entry 0/);
  });
});
