import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allModels } from '../testing/models.ts';
import { isDeclared, shareable, SUPPORT_VIEW_FIELDS } from './support-view-fields.ts';

/** Every machine's context keys, as each starts with its model's input. */
const contextKeys = () =>
  allModels().map((spec) => {
    const actor = createActor(spec.machine, { input: (spec.inputs?.[0] ?? spec.input)?.() });
    actor.start();
    const keys = Object.keys((actor.getSnapshot().context as object | undefined) ?? {});
    actor.stop();
    return { id: spec.machine.id, keys };
  });

/** Fields that must never reach support, under whatever machine holds them. */
const NEVER = ['password', 'pin', 'token', 'local', 'session', 'profile', 'idempotencyKey', 'walletOrderId', 'userId', 'order', 'messages'];

describe('what the support view may show', () => {
  it('when a machine has a context key, then it is declared shared or withheld (a new field is never shared by accident), and nothing declared is stale', () => {
    const undeclared: string[] = [];
    const stale: string[] = [];
    for (const { id, keys } of contextKeys()) {
      const fields = SUPPORT_VIEW_FIELDS[id];
      if (!fields) {
        undeclared.push(`${id}: the whole machine`);
        continue;
      }
      for (const key of keys) if (!isDeclared(fields, key)) undeclared.push(`${id}.${key}`);
      for (const key of [...fields.withheld, ...fields.shared.map((f) => f.split('.')[0]!)])
        if (!keys.includes(key)) stale.push(`${id}.${key}`);
    }
    expect(undeclared, 'declare these in machines/shared/support-view-fields.ts').toEqual([]);
    expect(stale, 'these are declared but no machine has them').toEqual([]);
  });

  it('when the declarations are read, then passwords, PINs, tokens, storages, profiles (addresses, phones) and ids are never shared', () => {
    for (const [id, { shared }] of Object.entries(SUPPORT_VIEW_FIELDS))
      for (const field of shared) expect(NEVER, `${id}.${field}`).not.toContain(field.split('.')[0]);
  });

  it('when a context is shown, then only declared fields, and of the signed-in user only the name', () => {
    const userInfo = { name: 'Ann', email: 'ann@example.com', token: 'secret', isAdmin: false };
    expect(shareable('auth', { userInfo, error: null, local: {}, session: {} })).toEqual({ userInfo: { name: 'Ann' }, error: null });
    expect(shareable('auth', { userInfo: null, error: null })).toEqual({ userInfo: null, error: null });
    expect(shareable('pinPad', { pin: '1234' })).toEqual({});
    expect(shareable('unknown', { anything: 1 })).toEqual({});
  });
});
