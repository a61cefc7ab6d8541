import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { checkoutModel, paymentModel } from './checkout.model.ts';

describe('checkout and payment models', () => {
  it('when every generated checkout path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(checkoutModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });

  it('when every generated payment path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(paymentModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
