import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { submitModel } from './submit.model.ts';

describe('submit model', () => {
  it('when every generated path is replayed, then all states and transitions are covered and the rules hold', async () => {
    const report = await runModel(submitModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
