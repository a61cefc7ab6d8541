import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

const logged = (log: (logger: ReturnType<typeof createLogger>) => void): string[] => {
  const lines: string[] = [];
  log(
    createLogger('info', 'statefront', {
      readable: true,
      destination: { write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)) },
    }).child({ part: 'api' }),
  );
  return lines;
};

describe('readable log lines (development)', () => {
  it('when a failure is only a warning, then it is one line: the part, the message, the error’s message and the fields, no stack', () => {
    const lines = logged((logger) => logger.warn({ err: new Error('connect ECONNREFUSED'), orderId: 'o-1' }, 'wallet order not created'));
    expect(lines).toEqual(['WARN [api] wallet order not created: connect ECONNREFUSED (orderId=o-1)']);
  });

  it('when an error is logged, then its first line says it and the stack follows, indented', () => {
    const lines = logged((logger) =>
      logger.child({ requestId: 'r-1' }).error({ err: new Error('boom'), path: '/api/orders' }, 'unhandled error'),
    );
    expect(lines[0]).toBe('ERROR [api] unhandled error: boom (requestId=r-1, path=/api/orders)');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.startsWith('  at '))).toBe(true);
  });

  it('when a record carries a password or a token, then the line shows them redacted', () => {
    const lines = logged((logger) => logger.info({ password: 'hunter2', token: 'abc.def' }, 'odd record'));
    expect(lines).toEqual(['[api] odd record (password=[redacted], token=[redacted])']);
  });

  it('when a field is long or holds spaces, then it is quoted and cut, so the line stays one line', () => {
    const [line, ...rest] = logged((logger) => logger.info({ note: `two words\nand a newline ${'x'.repeat(300)}` }, 'long'));
    expect(rest).toEqual([]);
    expect(line!.length).toBeLessThan(160);
    expect(line).toMatch(/^\[api\] long \(note="two words\\nand a newline x+…\)$/);
  });
});
