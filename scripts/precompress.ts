import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE } from '#server/compressible.ts';

/**
 * Built files written again as `file.br` and `file.gz` beside the original, compressed once at
 * build time at the best (slowest) levels, so the BFF serves them without compressing per
 * request (bff/http/precompressed.ts). Which files: server/compressible.ts.
 */

/** Under this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
};

/** Writes the .br and .gz of every compressible file in `dir`; answers how many files it compressed. */
export const precompressDir = async (dir: string): Promise<number> => {
  let done = 0;
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const raw = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
      gz(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy no smaller than the file would only cost a disk read and a header.
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
    done++;
  }
  return done;
};

/** Precompresses a Vite build's output once it is written. */
export const precompress = (): Plugin => {
  let outDir = '';
  let serverBundle = false;
  return {
    name: 'statefront-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // A server-render bundle is read from disk by the BFF, never sent to a browser.
      serverBundle = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!serverBundle) await precompressDir(outDir);
    },
  };
};
