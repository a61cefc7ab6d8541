import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromReport } from './from-report.ts';

const fixture = path.resolve(import.meta.dirname, '../tests/fixtures/event-logs/checkout-cod.json');

describe('npm run test:model -- --from-report', () => {
  it("when a downloaded report is given, then it writes a spec that opens the report's page at its viewport, performs each page event on a line of its own with the state recorded, and names what it replays only on the machines", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'from-report-'));
    const file = path.join(dir, 'problem-report-R-1042.json');
    const events = JSON.parse(readFileSync(fixture, 'utf8')) as unknown[];
    writeFileSync(
      file,
      JSON.stringify({
        number: 'R-1042',
        path: '/cart',
        build: 'b-old',
        text: 'The total looked wrong',
        viewport: { width: 390, height: 844 },
        events,
      }),
    );
    const out = path.join(dir, 'reports', 'R-1042.spec.ts');
    expect(await fromReport(['--from-report', file, '--out', out])).toBe(0);
    const spec = readFileSync(out, 'utf8');
    const lines = spec.split('\n');
    expect(lines[0]).toBe('// Problem report R-1042 on /cart (390 × 844), build b-old');
    expect(spec).toMatch(/\/\/ Recorded on build b-old, not this one/);
    expect(spec).toContain('//   auth: xstate.error.actor.fetchSession, auth.login, xstate.done.actor.login');
    expect(spec).toContain(
      '//   checkout: xstate.done.actor.loadProfile, xstate.done.actor.reprice ×2, checkout.setPaymentMethod, checkout.placeOrder ×2',
    );
    expect(spec).toContain('test.use({ viewport: {"width":390,"height":844} });');
    expect(spec).toContain(`const report = readReport(new URL("./R-1042.json", import.meta.url));`);
    expect(spec).toContain('  await openReport(page, "/cart");');
    // One line per event the page can cause again: the two adds, in order, each with the state after.
    const steps = lines.filter((l) => l.includes('await replayStep('));
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatch(
      /^ {2}await replayStep\(page, "cart", \{"type":"cart\.add","item":\{.*\}\}, \{ taken: true, state: \{"active":"idle"\} \}\);$/,
    );
    expect(JSON.parse(readFileSync(path.join(dir, 'reports', 'R-1042.json'), 'utf8'))).toMatchObject({ number: 'R-1042', events });
  });

  it('when the file is not a problem report, then it says so and writes nothing', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'from-report-')), 'log.json');
    writeFileSync(file, readFileSync(fixture, 'utf8'));
    expect(await fromReport(['--from-report', file, '--out', path.join(path.dirname(file), 'x.spec.ts')])).toBe(2);
  });
});
