// @vitest-environment happy-dom
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { loaderBuild, WIDGET_BUDGETS } from '../vite.widgets.config.ts';

// The build takes about a second, so the budgets are checked on every run (bench/widget-size.ts prints the figures).
const outDir = mkdtempSync(join(tmpdir(), 'statefront-widgets-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const gzipped = (name: string) => gzipSync(readFileSync(join(outDir, name)), { level: 9 }).length;

describe('widget bundle size', () => {
  it('when the widget is built, then the loader and the whole widget stay within their gzip budgets', async () => {
    await build({ configFile: false, ...loaderBuild(outDir) });
    const loader = gzipped('chat.js');
    const widget = gzipped('chat-widget.js');
    expect(loader).toBeLessThanOrEqual(WIDGET_BUDGETS.loader);
    expect(loader + widget).toBeLessThanOrEqual(WIDGET_BUDGETS.total);
    expect(readFileSync(join(outDir, 'chat.js'), 'utf8')).not.toMatch(/xstate|socket\.io/i);
    expect(readFileSync(join(outDir, 'chat-msg.mp3')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
  });
});
