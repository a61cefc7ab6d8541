import type { Page } from '@playwright/test';
import type { Product } from '#contracts/product.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/shop.ts';

/**
 * axe-core's violations of the page as it stands, one line per rule with its selectors. Minor
 * and moderate ones are printed for the report; serious and critical ones fail the test.
 */
const seriousViolations = async (page: Page, name: string): Promise<string[]> => {
  const violations = await axeViolations(page, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  });
  const lines = violations.map((v) => ({
    impact: v.impact,
    line: `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  }));
  if (lines.length > 0) console.log(`a11y ${name}:\n  ${lines.map((l) => l.line).join('\n  ')}`);
  return lines.filter((l) => l.impact === 'serious' || l.impact === 'critical').map((l) => l.line);
};

const firstProduct = async (page: Page): Promise<Product> => {
  const res = await page.request.get('/api/products?sort=name_1');
  const product = ((await res.json()) as { products: Product[] }).products.find((p) => p.count > 0);
  if (!product) throw new Error('The demo shop has no product in stock');
  return product;
};

/** Each public page, and what shows once its content (not a skeleton) is in. */
const pages: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'home /',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: /^Go to the Category/ }).first()).toBeVisible();
    },
  },
  {
    name: 'product list /product-list',
    open: async (page) => {
      await page.goto('/product-list');
      await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
    },
  },
  {
    name: 'category list /product-list/category/Books',
    open: async (page) => {
      await page.goto('/product-list/category/Books');
      await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
    },
  },
  {
    name: 'search list /product-list/search/a',
    open: async (page) => {
      await page.goto('/product-list/search/a');
      await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
    },
  },
  {
    name: 'product details',
    open: async (page) => {
      const product = await firstProduct(page);
      await page.goto(`/product-details/${product._id}`);
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    },
  },
  {
    name: '/cart empty',
    open: async (page) => {
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty', { exact: true })).toBeVisible();
    },
  },
  {
    name: '/cart filled',
    open: async (page) => {
      const product = await firstProduct(page);
      await page.goto(`/product-details/${product._id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Go to cart' }).click();
      await expect(page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem')).toHaveCount(1);
    },
  },
  {
    name: '/login',
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    },
  },
  {
    name: '/login with its validation messages',
    open: async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Please anter a valid password', { exact: true })).toBeVisible();
    },
  },
  {
    name: '/cart with "Are you sure?" open',
    open: async (page) => {
      const product = await firstProduct(page);
      await page.goto(`/product-details/${product._id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Go to cart' }).click();
      await page.getByRole('button', { name: `Remove ${product.name}` }).click();
      await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    },
  },
  {
    name: '/register',
    open: async (page) => {
      await page.goto('/register');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    },
  },
  {
    name: 'the 404 page',
    open: async (page) => {
      await page.goto('/no-such-page');
      await expect(page.getByText('Page not exists 404')).toBeVisible();
    },
  },
];

for (const { name, open } of pages) {
  test(`when axe-core checks ${name}, then it finds no serious or critical violation`, async ({ page }) => {
    await open(page);
    expect(await seriousViolations(page, name)).toEqual([]);
  });
}

test('when a page has a control without a label, then the check reports it (the check can fail)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('input'), { id: 'unlabelled' })));
  expect((await seriousViolations(page, 'login with an unlabelled input')).join('\n')).toMatch(/^critical label .*#unlabelled/m);
});
