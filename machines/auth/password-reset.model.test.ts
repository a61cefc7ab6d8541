import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { passwordResetModel } from './password-reset.model.ts';

describe('password reset model', () => {
  it('when every generated path of the forgotten-password flow is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(passwordResetModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
