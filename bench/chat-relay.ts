/**
 * The support chat at 1,000 customers: 1,000 guest sockets (the chat needs no login) and 3 admin
 * sockets (the demo admin, three sessions), through the BFF and then straight to the API's
 * socket server (the reference, same run). Each on a fresh shop: the API and the BFF each in
 * its own process (scripts/start-api.ts, scripts/start-bff.ts). Every customer sends ROUNDS
 * messages spread evenly over ROUND_MS each (under the hub's 5 a second per socket); the
 * relay latency is from the customer's emit to the admin's 'server sends message from client
 * to admin', both in this process. Prints p50/p99 (the opening message of each conversation,
 * which also assigns an admin, apart), lost and duplicated, and RSS per 1,000 sockets of each
 * server process (idle with the admins, then with every customer connected, before any message). The flood limits are raised for the bench (LIMITS below, printed).
 * References (main): p99 148 ms through the BFF vs 90 ms direct; 0 lost, 0 duplicated.
 * Goal: p99 at most 50 ms through the BFF.
 * Then the write rate (decision 018: every message is a row in the shop's database, committed
 * before its ack): THROUGHPUT_CUSTOMERS guests through the BFF each send their next message as
 * soon as the last is acked, for THROUGHPUT_MS, with the per-socket limit raised: acked
 * messages a second, and how many of them an admin did not hear.
 * Run: npx tsx bench/chat-relay.ts [customers, default 1000]
 */
import { atMost, type Figure, isEntry, percentile, printFigures } from './support/figures.ts';
import { ADMIN, connectAll, type Sent, sendOne, sendRounds, settle, type Target, viaShop } from './support/chat-load.ts';
import { apiToken, type SplitShop, startSplitShop } from './support/shop.ts';

const ADMINS = 3;
const ROUNDS = 5;
const ROUND_MS = 2_000;
/**
 * One address opens every socket here, so the per-address limits (BFF and API: 40 sockets; API:
 * 200 messages and 30 new conversations a minute) are raised to let 1,000 shoppers through.
 */
export const LIMITS = {
  CHAT_SOCKETS_PER_ADDRESS: '100000',
  CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE: '10000000',
  CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE: '10000000',
  API_GUEST_LIMIT_PER_MINUTE: '1000000000',
  /** Open connections per address at the BFF (default 256) and at nginx in bench/cluster.ts: every socket is 127.0.0.1's. */
  CONNECTIONS_PER_ADDRESS: '100000',
};

/** Straight to the API: the token the API issues to a BFF's session call, signed here with the shared secret. */
const direct = async (shop: SplitShop): Promise<Target> => {
  const adminHeaders = [];
  for (let i = 0; i < ADMINS; i++) adminHeaders.push({ authorization: `Bearer ${await apiToken(shop, ADMIN)}` });
  return { url: shop.apiUrl, adminHeaders, headers: {} };
};

/** RSS in MB of one server process with only the admins, then with every customer connected (idle). */
type Memory = { idle: number; connected: number; per1000: number };
type Phase = {
  p50: number;
  p99: number;
  openP99: number;
  sent: number;
  lost: number;
  duplicated: number;
  refused: number;
  api: Memory;
  bff: Memory;
};

const THROUGHPUT_CUSTOMERS = 100;
const THROUGHPUT_MS = 10_000;

/** Acked messages a second through the BFF of one shop (the API's database in its worker thread, as npm start runs it). */
const throughput = async (): Promise<{ perSecond: number; acked: number; unheard: number; refused: number }> => {
  const shop = await startSplitShop({ ...LIMITS, CHAT_MESSAGES_PER_SOCKET_PER_SECOND: '100000' });
  try {
    const run = await connectAll(await viaShop(shop.bffUrl, 1), THROUGHPUT_CUSTOMERS);
    try {
      const start = performance.now();
      const sent: Sent[] = [];
      await Promise.all(
        run.customers.map(async (socket, i) => {
          for (let n = 0; performance.now() - start < THROUGHPUT_MS; n++) sent.push(await sendOne(socket, `rate ${i} ${n}`));
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      await settle(run, sent);
      const acked = sent.filter((s) => s.ok);
      return {
        perSecond: acked.length / seconds,
        acked: acked.length,
        unheard: acked.filter((s) => !run.received.has(s.text)).length,
        refused: sent.length - acked.length,
      };
    } finally {
      run.close();
    }
  } finally {
    await shop.stop();
  }
};

const phase = async (customers: number, how: 'bff' | 'direct'): Promise<Phase> => {
  const shop = await startSplitShop(LIMITS);
  try {
    const target = how === 'bff' ? await viaShop(shop.bffUrl, ADMINS) : await direct(shop);
    const rss = async () => {
      await new Promise((r) => setTimeout(r, 1_000)); // let the last handshakes' garbage go first
      return { api: shop.api.rss().totalMb, bff: shop.bff.rss().totalMb };
    };
    const before = await rss();
    const run = await connectAll(target, customers);
    try {
      const connected = await rss();
      const opening = await sendRounds(run, `${how} open`, 1, ROUND_MS);
      await settle(run, opening);
      const sent = await sendRounds(run, how, ROUNDS, ROUND_MS);
      await settle(run, sent);
      const latencies = (list: typeof sent) => list.flatMap((s) => (run.received.has(s.text) ? [run.received.get(s.text)!.at - s.at] : []));
      const all = [...opening, ...sent];
      const per1000 = (mb: number) => (mb * 1000) / customers;
      const timed = latencies(sent);
      return {
        p50: percentile(timed, 50),
        p99: percentile(timed, 99),
        openP99: percentile(latencies(opening), 99),
        sent: all.length,
        lost: all.filter((s) => !run.received.has(s.text)).length,
        duplicated: [...run.received.values()].reduce((n, r) => n + r.count - 1, 0),
        refused: all.filter((s) => !s.ok).length,
        api: { idle: before.api, connected: connected.api, per1000: per1000(connected.api - before.api) },
        bff: { idle: before.bff, connected: connected.bff, per1000: per1000(connected.bff - before.bff) },
      };
    } finally {
      run.close();
    }
  } finally {
    await shop.stop();
  }
};

export const chatRelay = async ({ customers = 1000 }: { customers?: number } = {}): Promise<Figure[]> => {
  console.log(
    `chat: ${customers} guests + ${ADMINS} admins, ${ROUNDS} rounds of one message each per ${ROUND_MS / 1000} s; limits raised: ${Object.entries(
      LIMITS,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const bff = await phase(customers, 'bff');
  const api = await phase(customers, 'direct');
  const rate = await throughput();
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const memory = (m: Memory) => `${m.per1000.toFixed(0)} MB (${m.idle.toFixed(0)} → ${m.connected.toFixed(0)} MB)`;
  const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref'): Figure => ({
    bench: 'chat-relay',
    figure,
    goal,
    value,
    verdict,
  });
  return [
    f('relay p50 through the BFF', `direct: ${ms(api.p50)}`, ms(bff.p50)),
    f('relay p99 through the BFF', `≤ 50 ms (direct: ${ms(api.p99)}; main: 148 vs 90 ms)`, ms(bff.p99), atMost(bff.p99, 50)),
    f('opening message p99 (assigns an admin) through the BFF', `direct: ${ms(api.openP99)}`, ms(bff.openP99)),
    f(
      'messages lost / duplicated through the BFF',
      `0 / 0 (direct: ${api.lost} / ${api.duplicated} of ${api.sent})`,
      `${bff.lost} / ${bff.duplicated} of ${bff.sent}`,
      bff.lost + bff.duplicated === 0 ? 'pass' : 'miss',
    ),
    f('messages refused (ack not ok) through the BFF', `direct: ${api.refused}`, String(bff.refused)),
    f(
      `messages a second written to the database (${THROUGHPUT_CUSTOMERS} guests, each as soon as acked, through the BFF)`,
      `${rate.acked} acked in ${THROUGHPUT_MS / 1000} s, ${rate.refused} refused`,
      `${rate.perSecond.toFixed(0)} /s`,
    ),
    f('acked messages no admin heard (write-rate run)', '0', String(rate.unheard), rate.unheard === 0 ? 'pass' : 'miss'),
    f('BFF process RSS per 1,000 sockets', '', memory(bff.bff)),
    f('API process RSS per 1,000 sockets (through the BFF)', `direct: ${memory(api.api)}`, memory(bff.api)),
  ];
};

if (isEntry(import.meta.url)) printFigures(await chatRelay({ customers: Number(process.argv[2] ?? 1000) }));
