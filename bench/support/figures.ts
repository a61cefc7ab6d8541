/**
 * What every bench returns to bench/run-all.ts: one row a figure, with its goal or reference,
 * so the summary is built from values and never from parsing printed text.
 */
import { realpathSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** pass/miss against a goal; `ref` when the row is a reference or a figure without a goal. */
export type Verdict = 'pass' | 'miss' | 'ref';

export type Figure = {
  /** The bench's name, e.g. `proxy`. */
  bench: string;
  figure: string;
  /** The goal (`≤ 5 ms`) or the reference it is printed beside (`main: 2.6 s`). */
  goal: string;
  value: string;
  verdict: Verdict;
  /** What explains the value (e.g. the audits that failed), shown under the summary table. */
  note?: string;
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Nearest-rank percentile of unsorted values. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const atMost = (value: number, goal: number): Verdict => (value <= goal ? 'pass' : 'miss');
export const atLeast = (value: number, goal: number): Verdict => (value >= goal ? 'pass' : 'miss');

export const machine = (): string =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM`;

/** The figures as aligned text, the way each bench prints them when run alone. */
export const printFigures = (figures: Figure[]): void => {
  const width = Math.max(...figures.map((f) => f.figure.length));
  const goalWidth = Math.max(...figures.map((f) => f.goal.length));
  for (const f of figures) {
    const verdict = f.verdict === 'ref' ? '' : f.verdict;
    console.log(`${f.figure.padEnd(width)}  ${f.value.padStart(12)}  ${f.goal.padEnd(goalWidth)}  ${verdict}`);
  }
};

/** True when the file is the one tsx was started with (not when run-all imports it). */
export const isEntry = (moduleUrl: string): boolean => {
  const started = process.argv[1];
  return Boolean(started) && moduleUrl === pathToFileURL(realpathSync(path.resolve(started!))).href;
};
