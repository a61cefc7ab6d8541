/**
 * The shared screen at 200 shoppers (decision 022): 200 guest sockets and 3 admin sockets (the
 * demo admin, three sessions) through the BFF of a split shop (API and BFF each in its own
 * process, as bench/chat-relay.ts runs them). Every shopper opens a conversation, shares, then
 * sends UPDATES_PER_SECOND screens a second for SECONDS, spread evenly (each screen about 1 KB:
 * three cart lines and ten events, as a busy cart page sends). Each screen's title is unique, so
 * the relay's latency (the shopper's emit to the first admin's 'screen shown', one clock in this
 * process) and what no admin received are counted exactly. Updates come at 2 a second per
 * conversation, under the hub's 4, so none needs coalescing; one the relay folds into a newer one
 * (when the hub falls behind and they reach it together) is counted as coalesced, and a shopper
 * whose last screen never reached an admin as lost (the admin would be left with a stale view).
 * CPU per update: each server process's CPU time (/proc, user + system) over the update phase,
 * divided by the screens sent. Adds the run to results/support-view.md.
 * Goal (issue: the support view): relay p99 ≤ 50 ms, 0 lost.
 * Run: npx tsx bench/support-view.ts [shoppers, default 200] [seconds, default 10]
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Socket } from 'socket.io-client';
import { SCREEN_EVENTS, type ScreenToAdmin, type SharedScreen } from '#contracts/shared-screen.ts';
import { LIMITS } from './chat-relay.ts';
import { connectAll, sendOne, viaShop } from './support/chat-load.ts';
import { atMost, type Figure, isEntry, machine, percentile, printFigures } from './support/figures.ts';
import { startSplitShop } from './support/shop.ts';

const ADMINS = 3;
const UPDATES_PER_SECOND = 2;
const RESULTS = 'bench/results/support-view.md';

/** CPU milliseconds the process has used so far (user + system; clock ticks of 10 ms). */
const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const at = new Date().toISOString();
/** What a shopper on a cart page with three lines shows, `title` its unique mark. */
const screenOf = (title: string): SharedScreen => ({
  path: '/cart',
  title,
  signedInAs: null,
  cart: ['Airpods Wireless Bluetooth Headphones', 'Sony Playstation 5', 'Amazon Echo Dot 3rd Generation'].map((name, i) => ({
    name,
    quantity: i + 1,
    price: 89.99 + i * 100,
    ...(i === 0 ? { note: 'only 2 left' } : {}),
  })),
  step: 'Cart',
  error: null,
  events: Array.from({ length: 10 }, (_, i) => ({ machine: i % 2 ? 'auth' : 'cart', event: i % 2 ? 'auth.check' : 'cart.add', at })),
});

const emitAck = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(30_000).emitWithAck(event, payload) as Promise<{ ok: boolean }>;

export const supportView = async ({ shoppers = 200, seconds = 10 } = {}): Promise<Figure[]> => {
  const load = loadavg()[0]!.toFixed(1);
  console.log(
    `support view: ${shoppers} sharing guests + ${ADMINS} admins through the BFF, ${UPDATES_PER_SECOND} screens a second each for ${seconds} s`,
  );
  const shop = await startSplitShop(LIMITS);
  try {
    const run = await connectAll(await viaShop(shop.bffUrl, ADMINS), shoppers);
    try {
      /** Title → when the first admin had it. */
      const shown = new Map<string, number>();
      for (const admin of run.admins) {
        admin.on(SCREEN_EVENTS.shown, ({ screen }: ScreenToAdmin, received?: () => void) => {
          if (screen && !shown.has(screen.title)) shown.set(screen.title, performance.now());
          received?.();
        });
      }
      const opened = await Promise.all(run.customers.map((s, i) => sendOne(s, `my cart ${i}`)));
      const shared = await Promise.all(run.customers.map((s) => emitAck(s, SCREEN_EVENTS.share, { on: true })));
      if (opened.some((o) => !o.ok) || shared.some((s) => !s.ok)) throw new Error('a shopper could not open a conversation or share');

      const sent: Array<{ title: string; at: number }> = [];
      const lastOf = new Map<number, string>();
      const cpu = () => ({ api: cpuMs(shop.api.proc.pid!), bff: cpuMs(shop.bff.proc.pid!) });
      const before = cpu();
      const gap = 1000 / UPDATES_PER_SECOND / shoppers;
      const start = performance.now();
      for (let n = 0; n < seconds * UPDATES_PER_SECOND; n++) {
        for (const [i, socket] of run.customers.entries()) {
          const wait = start + (n * shoppers + i) * gap - performance.now();
          if (wait > 1) await new Promise((r) => setTimeout(r, wait));
          const title = `shopper ${i} screen ${n}`;
          sent.push({ title, at: performance.now() });
          lastOf.set(i, title);
          socket.emit(SCREEN_EVENTS.update, screenOf(title));
        }
      }
      // Until every shopper's last screen has arrived, or 3 s pass with nothing new.
      const lastMissing = () => [...lastOf.values()].filter((title) => !shown.has(title)).length;
      for (let last = -1, since = Date.now(); lastMissing() > 0 && Date.now() - since < 3_000;) {
        await new Promise((r) => setTimeout(r, 50));
        if (shown.size !== last) [last, since] = [shown.size, Date.now()];
      }
      const used = cpu();
      const latencies = sent.flatMap((s) => (shown.has(s.title) ? [shown.get(s.title)! - s.at] : []));
      const lost = lastMissing();
      const coalesced = sent.length - latencies.length - lost;
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      const perUpdate = (ms: number) => `${((ms * 1000) / sent.length).toFixed(0)} µs`;
      const bytes = JSON.stringify(screenOf(sent[0]!.title)).length;
      const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref'): Figure => ({
        bench: 'support-view',
        figure,
        goal,
        value,
        verdict,
      });
      const figures = [
        f('screen relay p50, shopper → admin, through the BFF', '', `${p50.toFixed(1)} ms`),
        f('screen relay p99, shopper → admin, through the BFF', '≤ 50 ms', `${p99.toFixed(1)} ms`, atMost(p99, 50)),
        f('shoppers whose last screen no admin received (lost)', '0', `${lost} of ${shoppers}`, lost === 0 ? 'pass' : 'miss'),
        f('screens folded into a newer one by the relay (coalesced)', `of ${sent.length} sent`, String(coalesced)),
        f('BFF CPU per screen update', `${ADMINS} admins, ${bytes} B a screen`, perUpdate(used.bff - before.bff)),
        f('API CPU per screen update', `${ADMINS} admins`, perUpdate(used.api - before.api)),
      ];
      const table = figures.map((x) => `| ${x.figure} | ${x.value} | ${x.goal} | ${x.verdict} |`).join('\n');
      // Each run is added under the last, so the file keeps the runs to compare.
      appendFileSync(
        RESULTS,
        (existsSync(RESULTS) ? '' : '# The shared screen with 200 sharing shoppers (bench/support-view.ts)\n') +
          `\n## \`npx tsx bench/support-view.ts ${shoppers} ${seconds}\`, ${new Date().toISOString().slice(0, 16)} UTC\n\n` +
          `${machine()}, load average ${load} as it started, Node ${process.version}. ${shoppers} guests and ${ADMINS} admin ` +
          `sessions through the BFF of a split shop (API and BFF processes); every guest opens a conversation, shares, then sends ` +
          `${UPDATES_PER_SECOND} screens (${bytes} B each) a second for ${seconds} s, spread evenly (${shoppers * UPDATES_PER_SECOND} a second in all).\n\n` +
          `| figure | value | goal or note | verdict |\n|---|---|---|---|\n${table}\n`,
      );
      return figures;
    } finally {
      run.close();
    }
  } finally {
    await shop.stop();
  }
};

if (isEntry(import.meta.url))
  printFigures(await supportView({ shoppers: Number(process.argv[2] ?? 200), seconds: Number(process.argv[3] ?? 10) }));
