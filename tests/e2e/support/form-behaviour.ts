import { expect, type Locator } from '@playwright/test';

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Every form of the shop behaves alike (decision 009): a submit shows the field's error, tied to
 * the field (aria-invalid, aria-describedby), and moves the focus to the first invalid field;
 * corrected, the error goes at once. `submit` refuses the form with `field` its first invalid one.
 */
export async function expectRefusedThenCleared(field: Locator, message: string, submit: () => Promise<void>, fix: string): Promise<void> {
  await submit();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(escaped(message));
  await field.fill(fix);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(field).not.toHaveAccessibleDescription(escaped(message));
}
