/**
 * What the BFF costs in front of the API: `GET /api/products?pageNum=1` with autocannon
 * (keep-alive, 50 connections, Accept-Encoding stated) straight to the API and through the BFF,
 * each in its own process (scripts/start-api.ts, scripts/start-bff.ts), beside a bare Node http
 * server answering the same bytes (the ceiling of any Node server here). autocannon runs in
 * this process, so on a small machine it shares the cores with the servers: every target pays
 * that alike. References (main): BFF/API 0.71 quiet, 0.59 under load; +22 ms p99;
 * API/bare 0.02. Goal: added p99 at most 5 ms. Since the catalogue is cached the BFF answers that list from its
 * cache (a guest catalogue GET), so its added p99 is the cache's, not the proxy's.
 * The proxy's own cost on an uncacheable call: a logged-in `GET /api/orders` (the demo
 * shopper's). First the API's capacity for it, closed loop (50 connections) straight to the API;
 * then an open loop at half of it (support/open-loop.ts: requests at even intervals, latency
 * from when each was due), ROUNDS rounds in which two streams of a quarter each run at the same
 * time, one straight to the API and one through the BFF: the API's own p99 here swings by
 * hundreds of ms from one 5 s stretch to the next (its database shares the process and the 2
 * cores), which buried the BFF's few ms when the two were measured one after the other; side
 * by side, both streams meet the same stalls. Straight to the API a request carries what the BFF
 * sends up (the session's Bearer token and the BFF's signed proof); through the BFF, the
 * session cookie. Goal: p99 added by the BFF at most 5 ms.
 * Run: npx tsx bench/proxy.ts [seconds per target and round, default 5]
 */
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { atMost, type Figure, isEntry, median, percentile, printFigures } from './support/figures.ts';
import { childEnv, LOOPBACK_URL, removeDir, startTs, tempDir } from './support/processes.ts';
import { internalHeaders } from '../bff/proxy/internal-credential.ts';
import { cookieFrom, postJson } from '../bff/testing/bff-harness.ts';
import { openLoop } from './support/open-loop.ts';
import { apiToken, type SplitShop, startSplitShop } from './support/shop.ts';

const PATH = '/api/products?pageNum=1';
const CONNECTIONS = 50;
/** What a browser sends; the API compresses JSON above a small size for it. */
export const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
/** Raised for the bench so autocannon's one address is never throttled (default 1,200 a minute). */
const LIMITS = { API_GUEST_LIMIT_PER_MINUTE: '1000000000', API_LIMIT_PER_MINUTE: '1000000000' };

/** Headers Node's server writes itself on every answer (a bare server adds its own). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'date', 'content-length', 'transfer-encoding']);
const BODY_HEADERS = ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'];

/**
 * One answer exactly as it went on the wire: the body undecoded, and the headers a client reads
 * (`all`: every header the server sent but the connection's own, for a reference that answers
 * the same bytes: bench/catalogue.ts).
 */
export const rawAnswer = (
  url: string,
  { all = false }: { all?: boolean } = {},
): Promise<{ body: Buffer; headers: Record<string, string> }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wanted = (name: string) => (all ? !CONNECTION_HEADERS.has(name) : BODY_HEADERS.includes(name));
          const headers = Object.fromEntries(
            Object.entries(res.headers).flatMap(([name, value]) => (typeof value === 'string' && wanted(name) ? [[name, value]] : [])),
          );
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          else resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });

type Load = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

const measure = async (url: string, seconds: number, headers: Record<string, string> = HEADERS, overallRate?: number): Promise<Load> => {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(overallRate ? { overallRate } : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
};

const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref'): Figure => ({
  bench: 'proxy',
  figure,
  goal,
  value,
  verdict,
});

/** Medians over the rounds of a picked value, and a target's `req/s, p50/p99` line. */
const mediansOf = <K extends string>(rounds: Record<K, Load>[]) => {
  const m = (pick: (r: Record<K, Load>) => number) => median(rounds.map(pick));
  return { m, line: (key: K) => `${m((r) => r[key].rps).toFixed(0)}, ${m((r) => r[key].p50)}/${m((r) => r[key].p99)} ms` };
};

const ORDERS = '/api/orders';
/** A demo shopper with orders of its own. */
const SHOPPER = { email: 'john@doe.com', password: 'john@doe.com' };

type OrdersRound = { api: Load; bff: Load; outside: { api: number; bff: number } };

/** The API's own time for each request it logged (JSON request lines: production), by request id. */
const apiTimes = (output: string): Map<string, number> => {
  const times = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    try {
      const record = JSON.parse(line) as { requestId?: unknown; ms?: unknown };
      if (typeof record.requestId === 'string' && typeof record.ms === 'number') times.set(record.requestId, record.ms);
    } catch {
      // Not a log record.
    }
  }
  return times;
};

/**
 * The p99 of the time each request spent outside the API: its latency at the client less the
 * API's own time for that very request (its log line, paired by X-Request-Id). The API's stalls
 * are in both terms, so they cancel request by request instead of swinging the two p99s apart.
 */
const outsideP99 = (latencyById: Map<string, number>, times: Map<string, number>): number => {
  const outside = [...latencyById].flatMap(([id, latency]) => {
    const own = times.get(id);
    return own === undefined ? [] : [latency - own];
  });
  if (outside.length < latencyById.size * 0.99)
    throw new Error(`only ${outside.length} of ${latencyById.size} requests were in the API's log`);
  return Math.round(percentile(outside, 99) * 10) / 10;
};

/** The logged-in `GET /api/orders`, the API's capacity for it, then half of it open loop both ways. */
const ordersAtHalfCapacity = async (shop: SplitShop, seconds: number): Promise<Figure[]> => {
  const login = await postJson(`${shop.bffUrl}/api/users/login`, SHOPPER, { origin: shop.bffUrl });
  if (login.status !== 200) throw new Error(`the shopper's login through the BFF answered ${login.status}`);
  const viaBff = { ...HEADERS, cookie: cookieFrom(login) };
  const direct = {
    ...HEADERS,
    authorization: `Bearer ${await apiToken(shop, SHOPPER)}`,
    ...internalHeaders(shop.internalSecret, 'proxy', '127.0.0.1'),
  };
  const [apiUrl, bffUrl] = [`${shop.apiUrl}${ORDERS}`, `${shop.bffUrl}${ORDERS}`];
  const sample = await fetch(bffUrl, { headers: viaBff });
  const orders = ((await sample.json()) as unknown[]).length;
  if (sample.status !== 200 || sample.headers.get('cache-control') !== 'no-store')
    throw new Error(`${ORDERS} through the BFF answered ${sample.status}, ${sample.headers.get('cache-control')}`);
  for (const [url, headers] of [[apiUrl, direct] as const, [bffUrl, viaBff] as const]) await measure(url, 2, headers); // warm-up
  const capacity = await measure(apiUrl, seconds, direct);
  const rate = Math.max(2, Math.round(capacity.rps / 2));
  // Twice the time of the other targets: each stream has half the requests, and a p99 needs many.
  const duration = seconds * 2;
  console.log(
    `${ORDERS} (logged in, ${orders} orders): API capacity ${capacity.rps.toFixed(0)} req/s closed loop (p99 ${capacity.p99} ms); open loop at ${rate} req/s, half straight to the API and half through the BFF at the same time, ${ROUNDS} rounds of ${duration} s`,
  );
  const rounds: OrdersRound[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const [api, bff] = await Promise.all([
      openLoop({ url: apiUrl, headers: direct, rate: rate / 2, seconds: duration, idPrefix: `r${i}-api` }),
      openLoop({ url: bffUrl, headers: viaBff, rate: rate / 2, seconds: duration, idPrefix: `r${i}-bff` }),
    ]);
    // The API logs a request once its answer is finished: a moment for the last lines.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const times = apiTimes(shop.api.output());
    const round = { api, bff, outside: { api: outsideP99(api.latencyById, times), bff: outsideP99(bff.latencyById, times) } };
    rounds.push(round);
    for (const name of ['api', 'bff'] as const) {
      const l = round[name];
      console.log(
        `orders round ${i + 1} ${name.padEnd(4)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  outside the API p99 ${round.outside[name]} ms  non-2xx ${l.non2xx}  errors ${l.errors}`,
      );
    }
  }
  const { m, line } = mediansOf(rounds.map(({ api, bff }) => ({ api, bff })));
  const mo = (pick: (r: OrdersRound) => number) => median(rounds.map(pick));
  const added = Math.round(m((r) => r.bff.p99 - r.api.p99) * 10) / 10;
  const addedOutside = Math.round(mo((r) => r.outside.bff - r.outside.api) * 10) / 10;
  const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(1)}`;
  const failed = rounds.reduce((n, r) => n + r.api.non2xx + r.api.errors + r.bff.non2xx + r.bff.errors, 0);
  return [
    f(
      `GET /api/orders logged in: the API's capacity, closed loop, ${CONNECTIONS} connections`,
      '',
      `${capacity.rps.toFixed(0)} req/s, p99 ${capacity.p99} ms`,
    ),
    f(`GET /api/orders, ${rate / 2} req/s open loop straight to the API: req/s, p50/p99`, 'a quarter of the capacity', line('api')),
    f(
      `GET /api/orders, ${rate / 2} req/s open loop through the BFF, at the same time: req/s, p50/p99`,
      'a quarter of the capacity',
      line('bff'),
    ),
    {
      ...f(
        'p99 of the time outside the API per request, straight / through the BFF (medians of rounds)',
        'each request paired with the API’s own log line for it',
        `${mo((r) => r.outside.api).toFixed(1)} / ${mo((r) => r.outside.bff).toFixed(1)} ms`,
      ),
    },
    {
      ...f(
        'p99 added by the BFF on GET /api/orders at half capacity: outside-the-API p99, BFF less straight (median of rounds)',
        '≤ 5 ms (main, at saturation: +71 ms)',
        `${signed(addedOutside)} ms`,
        atMost(addedOutside, 5),
      ),
      note: `per round: ${rounds.map((r) => signed(r.outside.bff - r.outside.api)).join(', ')} ms`,
    },
    {
      ...f(
        'the two streams’ p99s, BFF less straight (median of rounds; unpaired, so the API’s stalls swing it)',
        'reference',
        `${signed(added)} ms`,
      ),
      note: `per round: ${rounds.map((r) => signed(r.bff.p99 - r.api.p99)).join(', ')} ms`,
    },
    f('GET /api/orders non-2xx answers and errors (API + BFF)', '0', String(failed), failed === 0 ? 'pass' : 'miss'),
  ];
};

/**
 * The orders figure on a shop of its own whose API writes a JSON line per request (as in
 * production), so each request can be paired with the API's own time for it; the list figures
 * above are measured without that logging.
 */
const ordersOnItsOwnShop = async (seconds: number): Promise<Figure[]> => {
  const shop = await startSplitShop(LIMITS, { NODE_ENV: 'production', LOG_LEVEL: 'info' });
  try {
    return await ordersAtHalfCapacity(shop, seconds);
  } finally {
    await shop.stop();
  }
};

type Round = { api: Load; bff: Load; bare: Load };

/**
 * ROUNDS rounds of API, BFF, bare back to back, `seconds` each: the machine's other load drifts
 * over a minute, so each round's BFF is compared with the API measured just before it, and the
 * figures are the medians of the rounds' values and of their ratios and differences.
 */
const ROUNDS = 3;

export const proxy = async ({ seconds = 5 }: { seconds?: number } = {}): Promise<Figure[]> => {
  const shop = await startSplitShop(LIMITS);
  const dir = await tempDir('bare');
  let bare: ReturnType<typeof startTs> | undefined;
  try {
    const answer = await rawAnswer(`${shop.apiUrl}${PATH}`);
    const bodyFile = path.join(dir, 'body');
    await writeFile(bodyFile, answer.body);
    bare = startTs('bench/support/bare-server.ts', childEnv({ BARE_BODY: bodyFile, BARE_HEADERS: JSON.stringify(answer.headers) }));
    const bareUrl = (await bare.waitFor(LOOPBACK_URL))[0];
    console.log(
      `${PATH}: ${answer.body.length} bytes on the wire (${answer.headers['content-encoding'] ?? 'identity'}); ${CONNECTIONS} connections, ${ROUNDS} rounds of ${seconds} s per target`,
    );
    for (const url of [shop.apiUrl, shop.bffUrl, bareUrl]) await measure(`${url}${PATH}`, 2); // warm-up: JIT, connection pools, the API's count cache

    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round = {
        api: await measure(`${shop.apiUrl}${PATH}`, seconds),
        bff: await measure(`${shop.bffUrl}${PATH}`, seconds),
        bare: await measure(`${bareUrl}${PATH}`, seconds),
      };
      rounds.push(round);
      for (const [name, l] of Object.entries(round)) {
        console.log(
          `round ${i + 1} ${name.padEnd(5)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  non-2xx ${l.non2xx}  errors ${l.errors}`,
        );
      }
    }
    const { m, line } = mediansOf(rounds);
    const addedP99 = m((r) => r.bff.p99 - r.api.p99);
    const failed = rounds.reduce((n, r) => n + r.api.non2xx + r.api.errors + r.bff.non2xx + r.bff.errors, 0);
    const spread = rounds.map((r) => `${r.bff.p99 - r.api.p99 >= 0 ? '+' : ''}${r.bff.p99 - r.api.p99}`).join(', ');
    return [
      f('straight to the API: req/s, p50/p99 (medians of rounds)', '', line('api')),
      f('through the BFF: req/s, p50/p99 (medians of rounds)', '', line('bff')),
      f('bare Node server, same bytes: req/s, p50/p99', '', line('bare')),
      f('throughput BFF/API', 'main: 0.71 quiet, 0.59 under load', m((r) => r.bff.rps / r.api.rps).toFixed(2)),
      {
        ...f(
          'p99 added by the BFF to the guest list (median of rounds)',
          'main: +22 ms; the BFF now answers it from its cache: the goal is on GET /api/orders below',
          `${addedP99 >= 0 ? '+' : ''}${addedP99} ms`,
        ),
        note: `per round: ${spread} ms`,
      },
      f('throughput API/bare', 'main: 0.02', m((r) => r.api.rps / r.bare.rps).toFixed(2)),
      f('non-2xx answers and errors (API + BFF)', '0', String(failed), failed === 0 ? 'pass' : 'miss'),
      ...(await ordersOnItsOwnShop(seconds)),
    ];
  } finally {
    await bare?.stop();
    await shop.stop();
    await removeDir(dir);
  }
};

if (isEntry(import.meta.url)) printFigures(await proxy({ seconds: Number(process.argv[2] ?? 5) }));
