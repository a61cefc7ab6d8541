/**
 * The shop's JavaScript against its gzip budgets (vite.config.ts's BUNDLE_BUDGETS, the widget's
 * WIDGET_BUDGETS): what a guest's first view of `/` fetches, what each lazy chunk adds after it,
 * and the embeddable chat's loader and whole widget. Builds both into a temporary folder
 * (dist/ stays as it is) unless run with --no-build, which reads dist/client and dist/widgets.
 *   npx tsx bench/bundle-size.ts [--no-build]
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { gzipSize, homeRoute, kb, lazyChunkCost, lazySources, listing, readManifest, total } from '../scripts/bundle-size.ts';
import { BUNDLE_BUDGETS, clientBuild, HOME_FIRST_SHOW } from '../vite.config.ts';
import { loaderBuild, WIDGET_BUDGETS, WIDGETS_OUT_DIR } from '../vite.widgets.config.ts';

const fresh = !process.argv.includes('--no-build');
const temp = fresh ? mkdtempSync(join(tmpdir(), 'statefront-bundle-')) : null;
const clientDir = temp ? join(temp, 'client') : 'dist/client';
const widgetsDir = temp ? join(temp, 'widgets') : WIDGETS_OUT_DIR;

try {
  if (temp) {
    await build({ configFile: false, logLevel: 'warn', ...clientBuild(clientDir, { compressed: false }) });
    await build({ configFile: false, ...loaderBuild(widgetsDir) });
  }
  const manifest = readManifest(clientDir);
  const verdict = (size: number, budget: number | undefined) =>
    budget === undefined ? 'NO BUDGET' : `${size <= budget ? 'within' : 'OVER'} ${kb(budget)} (${Math.round((size / budget) * 100)}%)`;
  const rows: [string, number, number | undefined][] = [];

  const home = homeRoute(clientDir, manifest, HOME_FIRST_SHOW);
  console.log(`home route, ${home.length} files:\n${listing(home)}\n`);
  rows.push(['home route (guest, first show)', total(home), BUNDLE_BUDGETS.home]);
  for (const source of lazySources(manifest).sort()) {
    rows.push([`+ ${source}`, total(lazyChunkCost(clientDir, manifest, source, HOME_FIRST_SHOW)), BUNDLE_BUDGETS.lazy[source]]);
  }
  const widget = Object.fromEntries(
    readdirSync(widgetsDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, gzipSize(join(widgetsDir, f))]),
  );
  rows.push(['widget loader (chat.js)', widget['chat.js'] ?? Number.NaN, WIDGET_BUDGETS.loader]);
  rows.push(['whole widget', Object.values(widget).reduce((a, b) => a + b, 0), WIDGET_BUDGETS.total]);

  console.log('| JavaScript | gzip | budget |\n|---|---:|---|');
  for (const [label, size, budget] of rows) console.log(`| ${label} | ${kb(size)} | ${verdict(size, budget)} |`);
  if (rows.some(([, size, budget]) => budget === undefined || !(size <= budget))) process.exitCode = 1;
} finally {
  if (temp) rmSync(temp, { recursive: true, force: true });
}
