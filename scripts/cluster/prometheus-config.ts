/**
 * The cluster's Prometheus side: one bearer token every instance opens /metrics with
 * (METRICS_TOKEN, or one made once into DATA_DIR/cluster/metrics-token), and a scrape
 * configuration naming every instance's loopback port, DATA_DIR/cluster/prometheus.yml, written on
 * each start (ports may change) with docs/operations/alerts.yml as its rules. docs/operations.md.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InstanceKind } from './instances.ts';

export const METRICS_TOKEN_FILE = 'metrics-token';
export const PROMETHEUS_FILE = 'prometheus.yml';
/** The alert rules, kept with the code (the configuration names them by absolute path). */
export const ALERTS_FILE = path.join('docs', 'operations', 'alerts.yml');

/** METRICS_TOKEN when given, else the kept one, else a new one; always in the file Prometheus reads. */
export const clusterMetricsToken = async (clusterDir: string, given: string | undefined): Promise<string> => {
  const file = path.join(clusterDir, METRICS_TOKEN_FILE);
  const kept = (await readFile(file, 'utf8').catch(() => '')).trim();
  const token = given?.trim() || kept || randomBytes(32).toString('base64url');
  if (token !== kept) await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
};

export type ScrapedInstance = { name: string; kind: InstanceKind; port: number };

/** prometheus.yml: each instance a target of its own, named by its INSTANCE_ID. */
export const prometheusConfig = ({
  instances,
  tokenFile,
  rulesFile,
}: {
  instances: ScrapedInstance[];
  tokenFile: string;
  rulesFile: string;
}): string =>
  [
    '# Written by npm run start:cluster on each start (its ports may change): docs/operations.md.',
    'global:',
    '  scrape_interval: 15s',
    '  evaluation_interval: 15s',
    'rule_files:',
    `  - ${JSON.stringify(rulesFile)}`,
    'scrape_configs:',
    '  - job_name: statefront',
    '    metrics_path: /metrics',
    '    authorization:',
    '      type: Bearer',
    `      credentials_file: ${JSON.stringify(tokenFile)}`,
    '    static_configs:',
    ...instances.flatMap(({ name, kind, port }) => [
      `      - targets: ["127.0.0.1:${port}"]`,
      `        labels: { instance: ${JSON.stringify(name)}, kind: ${JSON.stringify(kind)} }`,
    ]),
    '',
  ].join('\n');

/** Writes DATA_DIR/cluster/prometheus.yml for these instances; answers its path. */
export const writePrometheusConfig = async (clusterDir: string, instances: ScrapedInstance[]): Promise<string> => {
  const file = path.join(clusterDir, PROMETHEUS_FILE);
  const text = prometheusConfig({
    instances,
    tokenFile: path.join(clusterDir, METRICS_TOKEN_FILE),
    rulesFile: path.resolve(ALERTS_FILE),
  });
  await writeFile(file, text, { mode: 0o600 });
  return file;
};
