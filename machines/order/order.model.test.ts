import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { orderModel } from './order.model.ts';

describe('order lifecycle model', () => {
  it('when every generated path is replayed for user and admin, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(orderModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
