/** bench/results/summary.md from what bench/run-all.ts ran: one table, then notes and raw output. */
import type { Figure } from './figures.ts';

export type Ran = {
  name: string;
  command: string;
  figures: Figure[];
  seconds: number;
  /** The 1-minute load average as it started: the machine's other work, which the figures share it with. */
  load: number;
  /** What an older bench printed (kept verbatim under the table). */
  output?: string;
  skipped?: string;
  failed?: string;
};

export type SummaryInput = { ran: Ran[]; started: Date; machine: string; load: [number, number]; note?: string };

const cell = (text: string) => text.replace(/\|/g, '\\|');

export const summary = ({ ran, started, machine, load, note }: SummaryInput): string => {
  const date = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const short = machine.replace(/ \(.*?\)/, '');
  const figures = ran.flatMap((r) => r.figures);
  const lines = [
    '# Benchmarks: `npm run bench`',
    '',
    `Run ${date} on ${machine}, Node ${process.version}; load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`,
    'One run of each bench, one bench at a time. Each bench starts what it measures (loopback, free ports, its own DATA_DIR) and prints its figures beside the reference of the same run where there is one (`direct`, `bare`) and the figures measured on main before the performance work (`main:`).',
    ...(note ? ['', note] : []),
    '',
    '| bench | figure | goal / reference | value | pass/miss | date | machine |',
    '|---|---|---|---:|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.bench} | ${cell(f.figure)} | ${cell(f.goal)} | ${cell(f.value)} | ${f.verdict === 'ref' ? '' : f.verdict} | ${date.slice(0, 10)} | ${short} |`,
    ),
    '',
  ];
  const notes = figures.filter((f) => f.note);
  if (notes.length) lines.push('## Notes', '', ...notes.map((f) => `- ${f.bench}, ${f.figure}: ${f.note}`), '');
  lines.push(
    '## Commands',
    '',
    ...ran.map(
      (r) =>
        `- ${r.name}: \`${r.command}\`, ${r.seconds.toFixed(0)} s, load average ${r.load.toFixed(1)} as it started${r.skipped ? `: **skipped**, ${r.skipped}` : ''}${r.failed ? `: **failed**, ${r.failed}` : ''}`,
    ),
    '',
  );
  const printed = ran.filter((r) => r.output);
  if (printed.length) {
    lines.push('## What the older benches printed', '');
    for (const r of printed) lines.push(`### ${r.name}`, '', '```', r.output!.replace(/^npm warn .*\n/gm, '').trimEnd(), '```', '');
  }
  return lines.join('\n');
};
