import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { carouselModel } from './carousel.model.ts';

describe('carousel model', () => {
  it('when every generated path is replayed with simulated time, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(carouselModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
