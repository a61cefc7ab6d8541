import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { analyticsModel } from './analytics.model.ts';

describe('analytics model', () => {
  it('when every generated path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(analyticsModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
