/**
 * Where to compress API JSON, and how hard. Prints (1) size and CPU per answer of gzip and brotli
 * levels on a real list page and on the admin's whole catalogue, and (2) the CPU that API + BFF
 * spend per list page through the BFF: uncompressed; compressed at the API (what ships,
 * api/http/compress-json.ts, the BFF relays the small bytes); and compressed at the BFF (the
 * uncompressed relay plus a zlib stream over the chunks the BFF receives, measured the same way).
 * CPU is process.cpuUsage (all threads, so zlib's thread pool counts). PGlite, one process.
 * Run: npx tsx bench/json-compression.ts [requests]
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { seedLarge } from '../api/db/seed/large.ts';
import { startTestApi } from '../api/testing/api-harness.ts';
import { JSON_COMPRESSION } from '../api/http/compress-json.ts';
import { startTestBff } from '../bff/testing/bff-harness.ts';

const REQUESTS = Number(process.argv[2] ?? 400);

const cpuMs = async (fn: () => Promise<void>): Promise<number> => {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const get = (url: string, headers: Record<string, string>): Promise<{ body: Buffer; chunks: Buffer[] }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), chunks }));
      })
      .on('error', reject);
  });
const agent = new http.Agent({ keepAlive: true });

const t = await startTestApi();
const bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: 1_000_000 });
try {
  await seedLarge(t.db, { products: 2000, dataDir: t.config.DATA_DIR });
  const boss = await t.register();
  await t.makeAdmin(boss.user._id);
  const page = (await get(`${t.url}/api/products?pageNum=1`, {})).body;
  const catalogue = Buffer.from(
    await (await t.authed(boss.token)('/api/products/admin', { headers: { 'accept-encoding': 'identity' } })).text(),
  );

  console.log('## Levels: bytes and CPU per answer (median of 50)');
  for (const [label, body] of [
    ['list page', page],
    ['admin catalogue (2,000+)', catalogue],
  ] as const) {
    console.log(`${label}: ${body.length} bytes raw`);
    const levels: [string, () => Buffer][] = [
      ...[1, 4, 6, 9].map((level): [string, () => Buffer] => [`gzip ${level}`, () => gzipSync(body, { level })]),
      ...[1, 4, 5, 11].map((q): [string, () => Buffer] => [
        `brotli ${q}`,
        () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }),
      ]),
    ];
    for (const [name, run] of levels) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < (body.length > 100_000 && name.endsWith(' 11') ? 3 : 50); i++) {
        const started = performance.now();
        size = run().length;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(10)} ${String(size).padStart(8)} bytes (${((100 * size) / body.length).toFixed(1)} %)  ${(times[times.length >> 1]! * 1000).toFixed(0).padStart(6)} µs`,
      );
    }
  }

  const through = (headers: Record<string, string>) => async () => {
    for (let i = 0; i < REQUESTS; i++) await get(`${bff.url}/api/products?pageNum=1`, headers);
  };
  // Warm both paths (JIT, plan cache, keep-alive sockets) before measuring.
  await through({ 'accept-encoding': 'br' })();
  await through({})();
  const plain = await cpuMs(through({}));
  const atApi = await cpuMs(through({ 'accept-encoding': 'br' }));
  const { chunks } = await get(`${bff.url}/api/products?pageNum=1`, {});
  const streamAtBff = await cpuMs(async () => {
    for (let i = 0; i < REQUESTS; i++) {
      const zip = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: JSON_COMPRESSION.brotliQuality } });
      await pipeline(Readable.from(chunks), zip, async (source: AsyncIterable<Buffer>) => {
        for await (const _ of source);
      });
    }
  });
  const gzipStream = await cpuMs(async () => {
    for (let i = 0; i < REQUESTS; i++) {
      await pipeline(Readable.from(chunks), createGzip({ level: JSON_COMPRESSION.gzipLevel }), async (source: AsyncIterable<Buffer>) => {
        for await (const _ of source);
      });
    }
  });
  const per = (ms: number) => `${((ms / REQUESTS) * 1000).toFixed(0).padStart(5)} µs`;
  console.log(`\n## CPU per list page through the BFF (${REQUESTS} requests, ${page.length} bytes raw, ${chunks.length} chunk(s))`);
  console.log(`  uncompressed                      ${per(plain)}`);
  console.log(`  compressed at the API (brotli ${JSON_COMPRESSION.brotliQuality})  ${per(atApi)}   (+${per(atApi - plain).trim()})`);
  console.log(
    `  compressed at the BFF (brotli ${JSON_COMPRESSION.brotliQuality})  ${per(plain + streamAtBff)}   (+${per(streamAtBff).trim()}, stream over the relayed chunks)`,
  );
  console.log(`  compressed at the BFF (gzip ${JSON_COMPRESSION.gzipLevel})    ${per(plain + gzipStream)}   (+${per(gzipStream).trim()})`);
} finally {
  agent.destroy();
  await bff.stop();
  await t.stop();
}
