import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { productImagesModel } from './product-images.model.ts';

describe('product-images model', () => {
  it('when every generated path is replayed with simulated time, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(productImagesModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
