import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { authModel } from './auth.model.ts';
import { guardModel } from './guard.model.ts';

describe('auth and guard models', () => {
  it('when every generated auth path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(authModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });

  it('when every generated guard path on user and admin routes is replayed, then every state and transition is exercised', async () => {
    const report = await runModel(guardModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
