import type { DestinationStream } from 'pino';

/** A pino record as JSON gives it back: the fields the lines show, and whatever else was logged. */
type LogRecord = {
  level?: number;
  msg?: string;
  name?: string;
  part?: string;
  err?: { message?: string; stack?: string };
  method?: string;
  path?: string;
  query?: boolean;
  status?: number;
  ms?: number;
  aborted?: boolean;
  [field: string]: unknown;
};

const LABELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Shown otherwise (the label, the part) or said by every line alike. */
const UNSHOWN = new Set(['level', 'time', 'pid', 'hostname', 'name', 'part', 'msg', 'err', 'v']);
const LONGEST = 120;

const clip = (text: string): string => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

const shown = (value: unknown): string => {
  if (typeof value === 'string') return clip(/^[^\s"=,()]*$/.test(value) && value !== '' ? value : JSON.stringify(value));
  return clip(JSON.stringify(value) ?? String(value));
};

/** The method, path (its query only as `?…`, since values may carry secrets), status and time of a call. */
const requestLine = (r: LogRecord): string =>
  `${r.method} ${r.path}${r.query ? '?…' : ''} ${r.status} ${r.ms} ms${r.aborted ? ' (aborted: the client left)' : ''}`;

const isRequest = (r: LogRecord): boolean => r.msg === 'request' && typeof r.method === 'string' && typeof r.path === 'string';

/** `WARN [bff] message: the error's message (field=value, …)`, and for errors the stack below it. */
const eventLines = (r: LogRecord): string => {
  const label = LABELS[r.level ?? 30];
  const part = r.part ?? r.name;
  const said = [r.msg, r.err?.message].filter(Boolean).join(': ');
  const fields = Object.entries(r)
    .filter(([key, value]) => !UNSHOWN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${shown(value)}`);
  const head = [label, part && `[${part}]`, said || '(no message)', fields.length > 0 && `(${fields.join(', ')})`]
    .filter(Boolean)
    .join(' ');
  // The stack only for errors: a warning is an expected event, not a fault to trace.
  const stack =
    (r.level ?? 30) >= 50 && r.err?.stack
      ? r.err.stack
          .split('\n')
          .slice(1)
          .map((line) => `  ${line.trim()}`)
      : [];
  return [head, ...stack].join('\n');
};

/** The line a person reads for one pino record (given as the JSON pino wrote). */
export const readableLine = (json: string): string => {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.trimEnd();
  }
  return isRequest(record) ? requestLine(record) : eventLines(record);
};

/**
 * A pino destination that writes readable lines instead of JSON (development): pino still does
 * the levels, redaction and error serialising, this only turns each finished record into text.
 */
export const readableLines = (out: { write(chunk: string): unknown }): DestinationStream => ({
  write(json: string) {
    out.write(`${readableLine(json)}\n`);
  },
});
