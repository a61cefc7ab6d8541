import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { handoffClaimModel, handoffOfferModel } from './handoff.model.ts';

describe('hand-off models', () => {
  it.each([
    ['the kiosk offer', handoffOfferModel],
    ['the phone claim', handoffClaimModel],
  ])(
    'when every generated path of %s is replayed, then every state and transition is exercised and the rules hold',
    async (_name, model) => {
      const report = await runModel(model());
      expect(isComplete(report), formatReport(report)).toBe(true);
    },
  );
});
