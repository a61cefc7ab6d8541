/** Assertions usable both under vitest and in `npm run test:model` (plain tsx). */
export class ModelError extends Error {
  override name = 'ModelError';
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  ) ?? 'undefined';

export const sameJson = (a: unknown, b: unknown): boolean => stable(a) === stable(b);

export const assertEqual = (actual: unknown, expected: unknown, message: string): void => {
  if (!sameJson(actual, expected)) throw new ModelError(`${message}\n  expected: ${stable(expected)}\n  actual:   ${stable(actual)}`);
};

export const assertTrue = (condition: boolean, message: string): void => {
  if (!condition) throw new ModelError(message);
};
