/**
 * The embeddable chat's weight against its budgets: the loader partners paste (5 KB gzip) and
 * everything it loads (60 KB gzip). Builds dist/widgets first unless run with --no-build.
 *   npx tsx bench/widget-size.ts [--no-build]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { gzipSize, kb } from '../scripts/bundle-size.ts';
import { loaderBuild, WIDGET_BUDGETS, WIDGETS_OUT_DIR } from '../vite.widgets.config.ts';

if (!process.argv.includes('--no-build')) {
  const started = performance.now();
  await build({ configFile: false, ...loaderBuild(WIDGETS_OUT_DIR) });
  console.log(`built ${WIDGETS_OUT_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const scripts = readdirSync(WIDGETS_OUT_DIR).filter((name) => name.endsWith('.js'));
const sizes = Object.fromEntries(scripts.map((name) => [name, gzipSize(join(WIDGETS_OUT_DIR, name))]));
for (const [name, size] of Object.entries(sizes)) console.log(`${name.padEnd(20)} ${kb(size).padStart(9)} gzip`);

const loader = sizes['chat.js'] ?? Number.NaN;
const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
const rows = [
  ['loader (chat.js)', loader, WIDGET_BUDGETS.loader],
  ['whole widget', total, WIDGET_BUDGETS.total],
] as const;
console.log('');
for (const [label, size, budget] of rows) {
  const verdict = size <= budget ? 'within' : 'OVER';
  console.log(`${label.padEnd(20)} ${kb(size).padStart(9)} of ${kb(budget)} budget: ${verdict} (${Math.round((size / budget) * 100)}%)`);
}
if (rows.some(([, size, budget]) => !(size <= budget))) process.exitCode = 1;
