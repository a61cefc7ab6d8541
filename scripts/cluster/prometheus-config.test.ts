import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALERTS_FILE, clusterMetricsToken, writePrometheusConfig } from './prometheus-config.ts';

type Rule = { alert: string; expr: string; for?: string; labels: { severity: string }; annotations: { summary: string } };
type Scrape = {
  job_name: string;
  metrics_path: string;
  authorization: { type: string; credentials_file: string };
  static_configs: { targets: string[]; labels: { instance: string; kind: string } }[];
};

/** Debian's `prometheus` package brings promtool; CI does not install it, so there the parser checks alone. */
const promtool = spawnSync('promtool', ['--version']).status === 0;

let dir = '';
let file = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'statefront-prometheus-'));
  await clusterMetricsToken(dir, undefined);
  file = await writePrometheusConfig(dir, [
    { name: 'api-1', kind: 'api', port: 21001 },
    { name: 'bff-1', kind: 'bff', port: 21002 },
  ]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the cluster's Prometheus configuration and the alert rules", () => {
  it('when start:cluster writes prometheus.yml, then each instance is a target under its name, with the kept token file and the alert rules', async () => {
    const config = parse(await readFile(file, 'utf8')) as { rule_files: string[]; scrape_configs: Scrape[] };
    const [job] = config.scrape_configs;
    expect(job).toMatchObject({ job_name: 'statefront', metrics_path: '/metrics', authorization: { type: 'Bearer' } });
    expect(job!.static_configs).toEqual([
      { targets: ['127.0.0.1:21001'], labels: { instance: 'api-1', kind: 'api' } },
      { targets: ['127.0.0.1:21002'], labels: { instance: 'bff-1', kind: 'bff' } },
    ]);
    const token = (await readFile(job!.authorization.credentials_file, 'utf8')).trim();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await stat(job!.authorization.credentials_file)).mode & 0o777).toBe(0o600);
    // Kept across starts; METRICS_TOKEN, when set, wins.
    expect(await clusterMetricsToken(dir, undefined)).toBe(token);
    expect(await clusterMetricsToken(dir, 'operator-token-0123456789')).toBe('operator-token-0123456789');
    expect(config.rule_files).toEqual([path.resolve(ALERTS_FILE)]);
  });

  it('when the alert rules are read, then they cover an instance down, the 5xx rate, p99 latency, an old backup and a kiosk offline or stuck, each on metrics the shop exports', async () => {
    const rules = (parse(await readFile(ALERTS_FILE, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap(
      (g) => g.rules,
    );
    expect(rules.map((r) => r.alert)).toEqual([
      'StatefrontInstanceDown',
      'StatefrontHigh5xxRate',
      'StatefrontSlowP99',
      'StatefrontBackupTooOld',
      'StatefrontKioskOfflineOrStuck',
    ]);
    const exported = await readFile('server/metrics.ts', 'utf8');
    for (const rule of rules) {
      expect(rule.labels.severity).toMatch(/^(page|warn)$/);
      expect(rule.annotations.summary).not.toBe('');
      for (const [name] of rule.expr.matchAll(/statefront_\w+/g))
        expect(exported).toContain(`'${name.replace(/_(bucket|count|sum)$/, '')}'`);
    }
  });

  it.runIf(promtool)('when promtool is at hand, then it accepts both files', async () => {
    await writeFile(path.join(dir, 'metrics-token'), 'x'.repeat(32));
    for (const args of [
      ['check', 'config', file],
      ['check', 'rules', ALERTS_FILE],
    ]) {
      const run = spawnSync('promtool', args, { encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).toBe(0);
    }
  });
});
