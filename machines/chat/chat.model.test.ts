import { describe, expect, it } from 'vitest';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { adminChatModel, customerChatModel } from './chat.model.ts';

// Exhaustive walks (the customer's ~40,000 steps, the admin's ~12,000): their time is work done,
// several seconds on a quiet machine, so they get room beyond the default 30 s on a loaded one.
const WALK = { timeout: 180_000 };

describe('chat models', () => {
  it(
    'when every generated customer chat path is replayed, then every state and transition is exercised and the rules hold',
    WALK,
    async () => {
      const report = await runModel(customerChatModel());
      expect(isComplete(report), formatReport(report)).toBe(true);
    },
  );

  it(
    'when every generated admin chat path is replayed, then every state and transition is exercised and the rules hold',
    WALK,
    async () => {
      const report = await runModel(adminChatModel());
      expect(isComplete(report), formatReport(report)).toBe(true);
    },
  );
});
