import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { kioskModel } from './kiosk.model.ts';

describe('kiosk model', () => {
  it('when every generated path is replayed with simulated time, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(kioskModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
