import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeRoute, lazyChunkCost, lazySources, overBudget, readManifest, type Manifest } from '../scripts/bundle-size.ts';
// HOME_FIRST_SHOW lists, with why, the import() chunks a guest's first view of `/` fetches at
// once; it sits beside the budgets so that bench/bundle-size.ts counts the same files.
import { BUNDLE_BUDGETS, clientBuild, HOME_FIRST_SHOW } from '../vite.config.ts';

// The client builds in a few seconds, so the budgets are checked on every run (bench/bundle-size.ts prints the figures).
const outDir = mkdtempSync(join(tmpdir(), 'statefront-client-'));
let manifest: Manifest;
beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which would make Vite build React's development runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: false, logLevel: 'warn', mode: 'production', ...clientBuild(outDir, { compressed: false }) });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = readManifest(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('client bundle size', () => {
  it('when a guest first opens the home page, then the JavaScript it fetches stays within the home budget', () => {
    const files = homeRoute(outDir, manifest, HOME_FIRST_SHOW);
    expect(overBudget('home route', files, BUNDLE_BUDGETS.home)).toBeNull();
  });

  it('when a lazy chunk first loads after the home page, then what it adds stays within its own budget', () => {
    const verdicts = lazySources(manifest).map((source) => {
      const budget = BUNDLE_BUDGETS.lazy[source];
      if (budget === undefined) return `${source} is loaded with import() but has no budget in vite.config.ts's BUNDLE_BUDGETS.lazy`;
      return overBudget(source, lazyChunkCost(outDir, manifest, source, HOME_FIRST_SHOW), budget);
    });
    expect(verdicts.filter(Boolean)).toEqual([]);
  });
});
