import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportedEvent } from '#contracts/problem-report.ts';
import { reportSpec, reportSteps, type ReportFile } from '../tests/e2e/model/report-spec.ts';
import { fromReport, reportRunArgs } from './from-report.ts';

const fixture = path.resolve(import.meta.dirname, '../tests/fixtures/event-logs/checkout-cod.json');

const report = (events: ReportedEvent[], at = '/cart'): ReportFile => ({
  number: 'R-7',
  path: at,
  build: 'b-old',
  viewport: { width: 1280, height: 720 },
  events,
});

describe('npm run test:model -- --from-report', () => {
  it("when a downloaded report is given, then it writes a spec that opens the report's page at its viewport, performs each page event on a line of its own with the state recorded (the login as the model's account, the checkout's choice and Place order), and names what it replays only on the machines", async () => {
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
    expect(spec).toContain('//   auth: xstate.error.actor.fetchSession, xstate.done.actor.login\n');
    expect(spec).toContain('//   checkout: xstate.done.actor.loadProfile, xstate.done.actor.reprice ×2, xstate.done.actor.createOrder\n');
    // Place order pressed again while the prices were checked: the page cannot press it then.
    expect(spec).toMatch(
      /\/\/ Replayed at the machine level only \(the page cannot send it as the shopper did\):\n\/\/ {3}checkout\.placeOrder: sent while the checkout was open\.confirming: /,
    );
    expect(spec).toContain("// A login is done as the model's account of the shopper's role");
    expect(spec).toContain('test.use({ viewport: {"width":390,"height":844} });');
    expect(spec).toContain(`const report = readReport(new URL("./R-1042.json", import.meta.url));`);
    expect(spec).toContain('  await openReport(page, "/cart");');
    // One line per event the page can cause again, in order, each with the state after and, where
    // the shop's answer moved the machine on before the next step, the state it came to.
    const steps = lines.filter((l) => l.includes('await replayStep('));
    expect(steps.map((l) => /"type":"([^"]+)"/.exec(l)![1])).toEqual([
      'auth.login',
      'cart.add',
      'cart.add',
      'checkout.setPaymentMethod',
      'checkout.placeOrder',
    ]);
    expect(steps[0]).toMatch(
      /^ {2}await replayStep\(page, "auth", \{"type":"auth\.login",.*\}, \{ taken: true, state: \{"guest":"loggingIn"\}, settles: \{"loggedIn":\{"role":"user","profile":"idle"\}\}, as: "user" \}\);$/,
    );
    expect(steps[1]).toMatch(
      /^ {2}await replayStep\(page, "cart", \{"type":"cart\.add","item":\{.*\}\}, \{ taken: true, state: \{"active":"idle"\} \}\);$/,
    );
    expect(steps[3]).toBe(
      '  await replayStep(page, "checkout", {"type":"checkout.setPaymentMethod","method":"cod"}, { taken: true, state: {"open":{"summary":"ready"}} });',
    );
    expect(steps[4]).toBe(
      '  await replayStep(page, "checkout", {"type":"checkout.placeOrder"}, { taken: true, state: {"open":"confirming"}, settles: "placed" });',
    );
    expect(JSON.parse(readFileSync(path.join(dir, 'reports', 'R-1042.json'), 'utf8'))).toMatchObject({ number: 'R-1042', events });
  });

  it("when the shopper was logged in as the page loaded, then the spec logs in as the model's account of that role before opening it, and leaves the cart page's own closing dismissal to the machines", () => {
    const events: ReportedEvent[] = [
      { actor: 'auth', event: { type: 'xstate.init' }, state: { loggedIn: { role: 'user', profile: 'idle' } } },
      // The cart page sends this as it closes, with no question open: no click of the shopper's.
      { actor: 'cart', event: { type: 'cart.dismissRemove' }, taken: false, state: { active: 'idle' } },
      { actor: 'checkout', event: { type: 'xstate.init' }, state: { open: { summary: 'ready' } } },
      { actor: 'checkout', event: { type: 'checkout.placeOrder' }, taken: true, state: { open: 'confirming' } },
    ];
    const spec = reportSpec(report(events, '/user/cart-details'), { reportFile: './r.json', runningBuild: 'b-old' });
    expect(spec).toContain('  await openReport(page, "/user/cart-details", { as: "user" });');
    expect(spec).toContain("// The shopper was logged in when the page loaded: the spec logs in as the model's user account first");
    expect(reportSteps(report(events)).onPage.map((s) => s.event.type)).toEqual(['checkout.placeOrder']);
  });

  it('when a login was refused, then the spec logs in as an address with no account, and a checkout step it is not logged in for stays on the machines', () => {
    const events: ReportedEvent[] = [
      { actor: 'auth', event: { type: 'xstate.init' }, state: 'restoring' },
      { actor: 'auth', event: { type: 'xstate.error.actor.fetchSession', error: { status: 401 } }, taken: true, state: { guest: 'idle' } },
      {
        actor: 'auth',
        event: { type: 'auth.login', email: 'x', password: 'x', doNotLogout: false },
        taken: true,
        state: { guest: 'loggingIn' },
      },
      { actor: 'auth', event: { type: 'xstate.error.actor.login', error: { status: 401 } }, taken: true, state: { guest: 'failed' } },
      { actor: 'checkout', event: { type: 'xstate.init' }, state: { open: { summary: 'ready' } } },
      { actor: 'checkout', event: { type: 'checkout.placeOrder' }, taken: true, state: { open: 'confirming' } },
    ];
    const { onPage, notAsRecorded, signedIn } = reportSteps(report(events));
    expect(signedIn).toBeNull();
    expect(onPage).toEqual([expect.objectContaining({ actor: 'auth', as: 'nobody', settles: { guest: 'failed' } })]);
    expect([...notAsRecorded.keys()]).toEqual([expect.stringMatching(/^checkout\.placeOrder: .*not logged in as a user/)]);
  });

  it("when it runs the spec on a shop given by --base-url, then the spec's logins are the --user and --admin accounts given", () => {
    const staging = ['--base-url', 'https://staging.example', '--user', 'qa@example.com', '--admin', 'qa-admin@example.com'];
    expect(reportRunArgs(['--from-report', 'r.json', ...staging], 'out.spec.ts', 'https://staging.example')).toEqual([
      ...staging,
      'out.spec.ts',
      '--workers=1',
    ]);
    expect(reportRunArgs(['--base-url', 'u'], 's', 'u')).toEqual(['--base-url', 'u', 's', '--workers=1']);
  });

  it('when the file is not a problem report, then it says so and writes nothing', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'from-report-')), 'log.json');
    writeFileSync(file, readFileSync(fixture, 'utf8'));
    expect(await fromReport(['--from-report', file, '--out', path.join(path.dirname(file), 'x.spec.ts')])).toBe(2);
  });
});
