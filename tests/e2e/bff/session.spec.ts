import { sessionCookies } from '../../../bff/session/session-cookie.ts';
import { publicJsonGets } from '../../support/openapi-answers.ts';
import { DEMO_USER, E2E_SESSION_SECRET, expect, test } from '../support/shop.ts';

type Seen = { url: string; text: string };

test('when a shopper logs in in Chromium, then the session token is nowhere the page can reach', async ({ page, context }) => {
  // Every response the page gets, headers and body, to search for the token afterwards. Read
  // in the route itself: Chromium keeps no body of a Cache-Control: no-store answer for later.
  const seen: Seen[] = [];
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = Object.entries(response.headers())
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    // A request still open when the page navigates (the chat's long poll) is disposed with that
    // page: its answer never reached any page, so there is nothing in it to look for.
    const body = await response.body().catch(() => null);
    if (body === null) return;
    seen.push({ url: response.url(), text: `${headers}\n${body.toString('utf8')}` });
    await route.fulfill({ response }).catch(() => undefined);
  });

  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  // The real login form: the client also stores userInfo (doNotLogout → localStorage).
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByLabel('Do not logout').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/user$/);

  // The page keeps using the session: the guard's call and a proxied one.
  await page.goto('/user');
  const calls = await page.evaluate(async () => {
    const token = await fetch('/api/get-token').then((r) => r.json() as Promise<{ token: string; isAdmin: boolean }>);
    const orders = await fetch('/api/orders').then((r) => r.status);
    return { token, orders };
  });
  expect(calls.token.isAdmin).toBe(false);
  expect(calls.orders).toBe(200);

  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'sf_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  const token = (await sessionCookies(E2E_SESSION_SECRET).read(`sf_session=${session!.value}`))?.token;
  expect(token, 'the cookie holds the upstream token').toBeTruthy();
  expect(calls.token.token).not.toBe(token);

  const reachable = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  expect(reachable.cookie).not.toContain('sf_session');
  for (const place of Object.values(reachable)) expect(place).not.toContain(token!);

  expect(seen.length).toBeGreaterThan(3);
  for (const { url, text } of seen) expect(text, `response of ${url}`).not.toContain(token!);
  expect(cspViolations, 'the CSP lets the shop run').toEqual([]);
});

test("when an integrator calls each public GET of the shop's API document through the shop, then every real answer is what the document says", async ({
  request,
}) => {
  const getJson = async (path: string): Promise<unknown> => {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const gets = publicJsonGets((await getJson('/api/openapi.json')) as Parameters<typeof publicJsonGets>[0]);
  expect(gets.map((g) => g.path)).toEqual(expect.arrayContaining(['/api/products', '/api/products/get-one/{id}', '/api/categories']));
  // The demo shop's own data: a product the list shows, a category of the demo and a word its products have.
  const { products } = (await getJson('/api/products?pageNum=1')) as { products: { _id: string }[] };
  const examples: Record<string, string> = { id: products[0]!._id, categoryName: 'Computers', searchQuery: 'Laptop' };
  for (const { path, answer } of gets) {
    const body = await getJson(path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(examples[name]!)));
    expect(answer.safeParse(body).error?.issues ?? [], path).toEqual([]);
  }
});
