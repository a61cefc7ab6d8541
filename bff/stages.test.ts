import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BFF_STAGES, STAGE_RULES } from './stages.ts';
import { startTestBff, type TestBff } from './testing/bff-harness.ts';

let bff: TestBff;

beforeAll(async () => {
  // Nothing is requested: the API's address is never called.
  bff = await startTestBff({ apiUrl: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await bff?.stop();
});

describe('the BFF’s stages', () => {
  it('when the BFF is made, then it mounts every stage of stages.ts in its order, and nothing outside them', () => {
    const { app, stages } = bff.bff;
    expect(stages.map((s) => s.name)).toEqual([...BFF_STAGES]);
    for (const stage of stages) expect(stage.layers, `${stage.name} mounts something`).toBeGreaterThan(0);
    expect(stages.reduce((sum, s) => sum + s.layers, 0)).toBe(app.router.stack.length);
  });

  it.each(STAGE_RULES)('when a request goes through the BFF, then $first comes before $then: $why', ({ first, then }) => {
    const names = bff.bff.stages.map((s) => s.name);
    expect(names.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(first)).toBeLessThan(names.indexOf(then));
  });
});
