// @vitest-environment happy-dom
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { gzipSize, overBudget } from '../scripts/bundle-size.ts';
import { loaderBuild, WIDGET_BUDGETS } from '../vite.widgets.config.ts';

// The build takes about a second, so the budgets are checked on every run (bench/widget-size.ts prints the figures).
const outDir = mkdtempSync(join(tmpdir(), 'statefront-widgets-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const sized = (file: string) => ({ file, gzip: gzipSize(join(outDir, file)) });

describe('widget bundle size', () => {
  it('when the widget is built, then the loader and the whole widget stay within their gzip budgets', async () => {
    await build({ configFile: false, ...loaderBuild(outDir) });
    const loader = sized('chat.js');
    const widget = sized('chat-widget.js');
    expect(overBudget('chat loader', [loader], WIDGET_BUDGETS.loader)).toBeNull();
    expect(overBudget('whole widget', [loader, widget], WIDGET_BUDGETS.total)).toBeNull();
    expect(readFileSync(join(outDir, 'chat.js'), 'utf8')).not.toMatch(/xstate|socket\.io/i);
    expect(readFileSync(join(outDir, 'chat-msg.mp3')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
  });
});
