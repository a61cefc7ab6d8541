/**
 * What the cluster suite sets up through the shop itself, as an admin would: products with a
 * chosen stock (POST /api/products/admin), read back as any shopper reads them.
 */
import { Browser, type Product } from './browser.ts';
import { DEMO_ADMIN } from './cluster.ts';

/** The demo admin, logged in through the balancer. */
export const adminBrowser = async (url: string): Promise<Browser> => {
  const admin = new Browser(url);
  const answer = await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  if (answer.status !== 200 || !answer.body.userLoggedIn?.isAdmin)
    throw new Error(`the demo admin could not log in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return admin;
};

/** A new product in the shop's first category with `count` units, created by the admin; answers it as shoppers see it. */
export const addProduct = async (admin: Browser, name: string, count: number): Promise<Product> => {
  const categories = await admin.ok<{ name: string }[]>('/api/categories');
  const category = categories.body[0]?.name;
  if (!category) throw new Error('the demo shop has no category');
  const created = await admin.ok<{ productId: string }>('/api/products/admin', {
    method: 'POST',
    body: { name, description: `${name}: made by the cluster suite`, count, price: 12.5, category, attributesTable: [] },
  });
  return (await admin.ok<Product>(`/api/products/get-one/${created.body.productId}`)).body;
};
