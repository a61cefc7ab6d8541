import { describe, expect, it } from 'vitest';
import { checkPlans } from '../../scripts/plan-files.ts';
import { cartModel } from '../cart/cart.model.ts';
import { planFiles, renderPlan, stalePlanFiles } from './plan.ts';
import { templateProblems, type PlanTemplates } from './plan-templates.ts';

const cart = cartModel();
const templates = cart.describe!;
const without = (part: keyof PlanTemplates, key: string): PlanTemplates => ({
  ...templates,
  [part]: Object.fromEntries(Object.entries(templates[part]).filter(([k]) => k !== key)),
});

describe('test plans', () => {
  it('when the plans in docs/machines are compared with the machines, then none is stale', () => {
    expect(checkPlans()).toEqual([]);
  });

  it('when the cart plan is written, then each path reads as numbered Given / When / Then sentences with totals and no JSON', () => {
    const plan = renderPlan({ ...cart, describe: templates });
    expect(plan).toContain(
      '1. Given the cart holds 2 items for $4.00\n2. When the shopper adds "b" × 2\n3. Then the cart holds 4 items for $4.20',
    );
    expect(plan).toContain('When the shopper adds "c" × 1 (out of stock)');
    expect(plan).toContain('```mermaid\nstateDiagram-v2');
    expect(plan.split('## Paths')[1]).not.toMatch(/[{}[\]]/);
  });

  it('when a model lacks the sentence of an event or a state, then the problem names the machine and what is missing', () => {
    expect(templateProblems('cart', cart.machine, without('events', 'cart.clear'))).toEqual(['cart: no sentence for event "cart.clear"']);
    expect(templateProblems('cart', cart.machine, without('states', 'active.idle'))).toEqual(['cart: no sentence for state "active.idle"']);
    expect(templateProblems('cart', cart.machine, undefined)).toEqual([
      'cart: no plan templates (add `describe: { states, events }` to its model)',
    ]);
    const { files, problems } = planFiles([{ ...cart, describe: without('events', 'cart.add') }]);
    expect(problems).toEqual(['cart: no sentence for event "cart.add"']);
    expect(files.size).toBe(0);
  });

  it('when a sentence describes an event or a state the machine lacks, then it is reported as stale', () => {
    const extra = { states: { ...templates.states, gone: 'x' }, events: { ...templates.events, 'cart.undo': 'y' } };
    expect(templateProblems('cart', cart.machine, extra)).toEqual([
      'cart: a sentence for state "gone", which the machine does not have',
      'cart: a sentence for event "cart.undo", which the machine does not handle',
    ]);
  });

  it('when a plan on disk differs, is missing, or belongs to no machine, then each file is named', () => {
    const files = new Map([
      ['docs/machines/a.plan.md', 'new'],
      ['docs/machines/b.plan.md', 'same'],
    ]);
    const disk = new Map([
      ['docs/machines/b.plan.md', 'same'],
      ['docs/machines/old.plan.md', 'x'],
    ]);
    expect(stalePlanFiles(files, disk)).toEqual([
      'docs/machines/a.plan.md is missing',
      'docs/machines/old.plan.md belongs to no machine in models.ts',
    ]);
    expect(stalePlanFiles(files, new Map([...disk, ['docs/machines/a.plan.md', 'old']]))[0]).toBe('docs/machines/a.plan.md is out of date');
  });
});
