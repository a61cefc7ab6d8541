import { expectRefusedThenCleared } from '../support/form-behaviour.ts';
import { openFirstBook, registerByForm } from '../support/journeys.ts';
import { expect, test } from '../support/shop.ts';

test('when a guest opens a product, then the review form is disabled with the login hint', async ({ page }) => {
  await openFirstBook(page);
  await expect(page.getByText('Login first to write a review')).toBeVisible();
  await expect(page.getByLabel('Your review')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
});

test('when a newly registered user reviews a product, then the success text shows and the review appears', async ({ page }) => {
  const email = `reviewer-${Date.now()}@example.com`;
  await page.goto('/register');
  await registerByForm(page, { name: 'Rita', lastName: 'Reviewer', email, password: 'secret123' });

  await openFirstBook(page);
  const comment = `Read it twice <b>in a week</b> ${Date.now()}`;
  const submit = () => page.getByRole('button', { name: 'Submit' }).click();
  await expectRefusedThenCleared(page.getByLabel('Your review'), 'Please write a comment', submit, comment);
  await page.getByLabel('Rating', { exact: true }).selectOption('5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('You successfuly reviewed the page!')).toBeVisible();
  // shown as typed: the markup in the comment is text, not bold
  await expect(page.getByText(comment, { exact: true })).toBeVisible();

  await page.getByLabel('Your review').fill('Once more');
  await page.getByLabel('Rating', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('already reviewed');
});
