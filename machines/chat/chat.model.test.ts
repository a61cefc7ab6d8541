import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { adminChatModel, customerChatModel } from './chat.model.ts';

describe('chat models', () => {
  it('when every generated customer chat path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(customerChatModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });

  it('when every generated admin chat path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(adminChatModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });
});
