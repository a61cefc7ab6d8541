import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { productCreateModel } from './product-create.model.ts';

describe('product-create model', () => {
  it('when every generated path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(productCreateModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
