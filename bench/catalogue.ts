/**
 * The catalogue's guest GETs at sale-day load, through the caches in front, beside a
 * bare Node server answering the same bytes in the same run. The URL set is what a crowd of
 * guests asks, in the client's own words (machines/filters' productsApiUrl): page 1 of the list,
 * a category, a search, the bestsellers, the categories and 100 different product details
 * (products are added by the admin when the demo shop has fewer). autocannon, keep-alive,
 * 50 connections, each looping over the set, Accept-Encoding stated (bench/proxy.ts's).
 * - the BFF's own cache (lru-cache): the API and the BFF in processes of their own, the two
 *   that `npm start` runs (bench/support/shop.ts's startSplitShop; the cache on, as under npm start);
 * - nginx's proxy_cache: the cluster, 2 APIs + 2 BFFs behind nginx (bench/cluster.ts's start);
 * - the bare server: the npm-start shop's answers to the same URL set, byte for byte: each body
 *   with every header the BFF sends a shopper (security headers included); beside it, as a
 *   reference, a bare server sending each body with only the headers that describe it.
 * ROUNDS alternating rounds of the three, `seconds` each (default 10: one lifetime, the default
 * CATALOGUE_MAX_AGE_SECONDS), medians of the rounds. Origin requests are counted at the API,
 * from its own request lines (LOG_LEVEL=debug there: a line per request it answers, relayed
 * ones included), during the rounds only, and given per URL per lifetime of measured time.
 * Goals: BFF ≥ 15 % of bare, nginx ≥ 0.8× bare. autocannon runs in this process and shares the
 * cores with every server: each target pays that alike.
 * Run: npx tsx bench/catalogue.ts [seconds per target and round, default 10]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ProductListResponse } from '#contracts/product.ts';
import { productsApiUrl } from '#machines/filters/filters.ts';
import { cookieFrom, postJson } from '../bff/testing/bff-harness.ts';
import { LIMITS as CLUSTER_LIMITS, start as startCluster, type Topology } from './cluster.ts';
import { HEADERS, rawAnswer } from './proxy.ts';
import { atLeast, type Figure, isEntry, median, printFigures } from './support/figures.ts';
import { childEnv, LOOPBACK_URL, removeDir, startTs, tempDir } from './support/processes.ts';
import { type SplitShop, startSplitShop } from './support/shop.ts';

const CONNECTIONS = 50;
const ROUNDS = 3;
const DETAILS = 100;
/** The default lifetime, stated so the count per lifetime is of a known one. */
const MAX_AGE_SECONDS = 10;
const ADMIN = { email: 'admin@admin.com', password: 'admin@admin.com' };
/** One address sends everything here: the guest limit (BFF and nginx) is raised, as in bench/cluster.ts. */
const LIMITS = { ...CLUSTER_LIMITS, CATALOGUE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS) };
/** The API's request lines (server/request-line.ts, readable): `GET /api/products/ ?… 200 3 ms`. */
const REQUEST_LINE = /\b(?:GET|HEAD) (\/api\/\S+?)(?:\?…)? \d{3} \d+ ms/g;

type Load = { rps: number; p50: number; p99: number; failed: number };

const listUrl = (location: { categoryName?: string; searchQuery?: string }) => productsApiUrl(location, { filter: {} });
const pathOf = (url: string) => url.split('?')[0]!;

/** The shop's URL set, after adding products as the admin until there are DETAILS to ask for. */
const urlSet = async (base: string): Promise<string[]> => {
  const ids: string[] = [];
  const pageOf = async (pageNum: number) =>
    (await (await fetch(`${base}${productsApiUrl({ pageNum }, { filter: {} })}`)).json()) as ProductListResponse;
  const first = await pageOf(1);
  for (let page = 1; page <= first.paginationLinksNumber; page++) ids.push(...(await pageOf(page)).products.map((p) => p._id));
  const sample = first.products[0]!;
  if (ids.length < DETAILS) {
    const login = await postJson(`${base}/api/users/login`, ADMIN, { origin: base });
    if (login.status !== 200) throw new Error(`admin login at ${base} answered ${login.status}`);
    const cookie = cookieFrom(login);
    for (let i = ids.length; i < DETAILS; i++) {
      const body = {
        name: `Sale day ${i}`,
        description: 'Added by bench/catalogue.ts',
        count: 1000,
        price: 10 + i,
        category: sample.category,
      };
      const res = await postJson(`${base}/api/products/admin`, { ...body, attributesTable: [] }, { cookie, origin: base });
      if (res.status !== 201) throw new Error(`adding a product answered ${res.status}: ${await res.text()}`);
      ids.push(((await res.json()) as { productId: string }).productId);
    }
  }
  const word = sample.name.split(/\s+/).find((w) => /^[a-z]{3,}$/i.test(w)) ?? sample.name;
  return [
    listUrl({}),
    listUrl({ categoryName: sample.category }),
    listUrl({ searchQuery: word.toLowerCase() }),
    '/api/products/bestsellers',
    '/api/categories',
    ...ids.slice(0, DETAILS).map((id) => `/api/products/get-one/${id}`),
  ];
};

/** How many of `lines` (the API's output) are requests for one of `urls`. */
const originRequests = (lines: string, urls: string[]): number => {
  const paths = new Set(urls.map(pathOf));
  return [...lines.matchAll(REQUEST_LINE)].filter((m) => paths.has(m[1]!)).length;
};

const measure = async (base: string, urls: string[], seconds: number): Promise<Load> => {
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    requests: urls.map((p) => ({ path: p })),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
};

type Target = { label: string; base: string; urls: string[]; apiOutput: () => string };

export const catalogueBench = async ({ seconds = MAX_AGE_SECONDS }: { seconds?: number } = {}): Promise<Figure[]> => {
  let shop: SplitShop | undefined;
  let cluster: Topology | undefined;
  const bares: ReturnType<typeof startTs>[] = [];
  const dir = await tempDir('catalogue');
  try {
    shop = await startSplitShop(LIMITS, { LOG_LEVEL: 'debug' });
    const clusterLines: string[] = [];
    cluster = await startCluster(2, 2, true, {
      env: { ...LIMITS, LOG_LEVEL: 'debug' },
      log: (line) => void (line.startsWith('[api-') && clusterLines.push(line)),
    });
    const npmUrls = await urlSet(shop.bffUrl);
    // The same bytes a shopper gets: the body and every header of the BFF's answer (security
    // headers included, about 1.1 KB). Beside it the reference used until then: the API's body
    // with only the headers that describe it (about 250 bytes), which no shopper is sent.
    const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
    const bodyOnly: typeof answers = {};
    for (const url of npmUrls) {
      const whole = await rawAnswer(`${shop.bffUrl}${url}`, { all: true });
      answers[url] = { body: whole.body.toString('base64'), headers: whole.headers };
      const plain = await rawAnswer(`${shop.apiUrl}${url}`);
      bodyOnly[url] = { body: plain.body.toString('base64'), headers: plain.headers };
    }
    const bareServer = async (name: string, given: typeof answers) => {
      const file = path.join(dir, `${name}.json`);
      await writeFile(file, JSON.stringify(given));
      const child = startTs('bench/support/bare-server.ts', childEnv({ BARE_ANSWERS: file }));
      bares.push(child);
      return (await child.waitFor(LOOPBACK_URL))[0];
    };
    const bareUrl = await bareServer('answers', answers);
    const bodyOnlyUrl = await bareServer('body-only', bodyOnly);
    const split = shop;
    const targets: Target[] = [
      { label: 'BFF cache (npm start)', base: shop.bffUrl, urls: npmUrls, apiOutput: () => split.api.output() },
      { label: 'nginx cache (cluster 2+2)', base: cluster.url, urls: await urlSet(cluster.url), apiOutput: () => clusterLines.join('\n') },
      { label: 'bare Node server', base: bareUrl, urls: npmUrls, apiOutput: () => '' },
      { label: 'bare, body headers only', base: bodyOnlyUrl, urls: npmUrls, apiOutput: () => '' },
    ];
    const headerSize = (given: typeof answers) =>
      Math.round(
        Object.values(given).reduce((n, a) => n + Object.entries(a.headers).reduce((k, [h, v]) => k + h.length + v.length + 4, 0), 0) /
          npmUrls.length,
      );
    const [headerBytes, bodyHeaderBytes] = [headerSize(answers), headerSize(bodyOnly)];
    const bytes = Object.values(answers).reduce((n, a) => n + Buffer.from(a.body, 'base64').length, 0);
    console.log(
      `catalogue: ${npmUrls.length} URLs (bodies ${bytes} bytes on the wire in all, ${HEADERS['accept-encoding']}; headers ${headerBytes} bytes an answer from the BFF, ${bodyHeaderBytes} with the body's own only), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${seconds} s per target; lifetime ${MAX_AGE_SECONDS} s`,
    );
    for (const t of targets) await measure(t.base, t.urls, 2); // warm-up: JIT, pools, the caches filled

    const loads = new Map<Target, Load[]>(targets.map((t) => [t, []]));
    const origin = new Map<Target, number>(targets.map((t) => [t, 0]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const before = t.apiOutput().length;
        const l = await measure(t.base, t.urls, seconds);
        // The API logs a request once its answer is finished: a moment for the last lines.
        await new Promise((r) => setTimeout(r, 500));
        const counted = originRequests(t.apiOutput().slice(before), t.urls);
        origin.set(t, origin.get(t)! + counted);
        loads.get(t)!.push(l);
        console.log(
          `round ${round + 1} ${t.label.padEnd(26)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  failed ${l.failed}  origin ${counted}`,
        );
      }
    }
    const [bff, nginx, bareT, bodyOnlyT] = targets as [Target, Target, Target, Target];
    const m = (t: Target, pick: (l: Load) => number) => median(loads.get(t)!.map(pick));
    const ratio = (t: Target, to = bareT) => median(loads.get(t)!.map((l, i) => l.rps / loads.get(to)![i]!.rps));
    const lifetimes = (ROUNDS * seconds) / MAX_AGE_SECONDS;
    const perLifetime = (t: Target) => origin.get(t)! / t.urls.length / lifetimes;
    const line = (t: Target) => `${m(t, (l) => l.rps).toFixed(0)}, ${m(t, (l) => l.p50)}/${m(t, (l) => l.p99)} ms`;
    const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref'): Figure => ({
      bench: 'catalogue',
      figure,
      goal,
      value,
      verdict,
    });
    const failed = targets.reduce((n, t) => n + loads.get(t)!.reduce((k, l) => k + l.failed, 0), 0);
    const perRound = (t: Target) =>
      loads
        .get(t)!
        .map((l) => `${l.rps.toFixed(0)} req/s, p99 ${l.p99} ms`)
        .join('; ');
    return [
      { ...f('through the BFF (npm start): req/s, p50/p99 (medians of rounds)', '', line(bff)), note: perRound(bff) },
      { ...f('through nginx (cluster 2+2): req/s, p50/p99 (medians of rounds)', '', line(nginx)), note: perRound(nginx) },
      { ...f('bare Node server, same bytes (body and headers): req/s, p50/p99', '', line(bareT)), note: perRound(bareT) },
      {
        ...f(
          'bare Node server, the body with its own headers only: req/s, p50/p99',
          'the reference until 2026-11-27 17:40',
          line(bodyOnlyT),
        ),
        note: perRound(bodyOnlyT),
      },
      f('BFF / bare req/s (median of rounds)', '≥ 0.15 (main: 0.027)', ratio(bff).toFixed(3), atLeast(ratio(bff), 0.15)),
      f(
        'nginx / bare req/s (median of rounds)',
        '≥ 0.8 (main: 706–877 req/s, p99 200–241 ms)',
        ratio(nginx).toFixed(2),
        atLeast(ratio(nginx), 0.8),
      ),
      f(
        'BFF / nginx against the body-only bare server (median of rounds)',
        'the reference until 2026-11-27 17:40',
        `${ratio(bff, bodyOnlyT).toFixed(3)} / ${ratio(nginx, bodyOnlyT).toFixed(2)}`,
      ),
      {
        ...f(
          `origin requests per URL per ${MAX_AGE_SECONDS} s lifetime, BFF / nginx`,
          'one refresh a lifetime is 1 (main: every request)',
          `${perLifetime(bff).toFixed(2)} / ${perLifetime(nginx).toFixed(2)}`,
        ),
        note: `counted at the API during the rounds (${ROUNDS} × ${seconds} s = ${lifetimes} lifetimes, ${bff.urls.length} URLs): ${origin.get(bff)} requests behind the BFF, ${origin.get(nginx)} behind nginx (both APIs)`,
      },
      f('non-2xx answers and errors (all targets)', '0', String(failed), failed === 0 ? 'pass' : 'miss'),
    ];
  } finally {
    for (const child of bares) await child.stop();
    await cluster?.stop();
    await shop?.stop();
    await removeDir(dir);
  }
};

if (isEntry(import.meta.url)) printFigures(await catalogueBench({ seconds: Number(process.argv[2] ?? MAX_AGE_SECONDS) }));
