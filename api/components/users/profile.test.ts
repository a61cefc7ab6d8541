import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyData } from '#contracts/my-data.ts';
import { AUTH_FAILURE_HEADER, CURRENT_PASSWORD_FAILURE, CURRENT_PASSWORD_WRONG, DELETED_CUSTOMER, LAST_ADMIN } from '#contracts/user.ts';
import { type TestApi, TEST_PASSWORD, startTestApi } from '../../testing/api-harness.ts';
import { customerWithProfile, placedOrder, registerAdmin } from '../../testing/test-api.ts';

const profileBody = {
  name: 'Grace',
  lastName: 'Hopper',
  password: TEST_PASSWORD,
  phoneNumber: '555-0100',
  address: '1 Navy Way',
  country: 'USA',
  zipCode: '20001',
  city: 'Arlington',
  state: 'VA',
};

describe('users: own profile', () => {
  let t: TestApi;
  const changed: string[] = [];
  beforeAll(async () => {
    t = await startTestApi();
    t.api.context.events.on('userChanged', (id) => changed.push(id));
  });
  afterAll(() => t.stop());

  const put = (token: string | undefined, body: unknown) =>
    t.authed(token)('/api/users/profile', { method: 'PUT', body: JSON.stringify(body) });

  it('when a user updates their profile, then it is saved, the email stays and no secret is shown', async () => {
    const { user, token } = await t.register();
    const res = await put(token, { ...profileBody, email: 'new-address@example.test', isAdmin: true });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/password|\$argon2/i);
    expect(JSON.parse(text)).toEqual({
      success: 'user updated',
      userUpdated: { _id: user._id, name: 'Grace', lastName: 'Hopper', email: user.email, isAdmin: false },
    });
    const read = await t.authed(token)(`/api/users/profile/${user._id}`);
    expect(read.status).toBe(200);
    const readText = await read.text();
    expect(readText).not.toMatch(/password|\$argon2/i);
    const { password: _p, ...shown } = profileBody;
    expect(JSON.parse(readText)).toEqual({ _id: user._id, email: user.email, isAdmin: false, createdAt: expect.any(String), ...shown });
  });

  it.each([
    ['password', { password: '12345' }],
    ['password', { password: 42 }],
    ['name', { name: '' }],
    ['lastName', { lastName: undefined }],
    ['city', { city: 42 }],
  ])('when the profile update has a bad %s, then 400 naming it and nothing changes', async (field, change) => {
    const { user, token } = await t.register();
    const res = await put(token, { ...profileBody, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe(field);
    const { rows } = await t.db.query('select name from users where id = $1', [user._id]);
    expect(rows[0]).toEqual({ name: 'Test' });
  });

  it.each([
    ['address', 'x', 'Please enter a valid address'],
    ['city', '\u200bL\u200b', 'Please enter a valid city'],
    ['state', 'V', 'Please enter a valid state'],
    ['country', '\u00a0U\u00a0', 'Please enter a valid country'],
    ['zipCode', '2#', 'Please enter a valid zip code'],
    ['phoneNumber', '555', 'Please enter a valid phone number'],
    ['phoneNumber', 'call me maybe', 'Please enter a valid phone number'],
    ['name', '\u200b', 'Please enter a name'],
    ['lastName', '\u2060\u00a0', 'Please enter your last name'],
  ])('when %s is %j, then 400 with its message naming it, and nothing changes', async (field, value, message) => {
    const { user, token } = await t.register();
    const res = await put(token, { ...profileBody, [field]: value });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, field });
    const { rows } = await t.db.query('select name, city from users where id = $1', [user._id]);
    expect(rows[0]).toEqual({ name: 'Test', city: '' });
  });

  it('when values carry invisible characters, then they are stored without them, trimmed; an invisible-only address field is stored empty', async () => {
    const { user, token } = await t.register();
    const res = await put(token, {
      ...profileBody,
      name: ' Gr\u200bace\u00a0',
      city: 'Arling\u200dton ',
      address: '\u200b',
      phoneNumber: '\u202a555-0100\u202c',
    });
    expect(res.status).toBe(200);
    const read = (await (await t.authed(token)(`/api/users/profile/${user._id}`)).json()) as Record<string, string>;
    expect(read).toMatchObject({ name: 'Grace', city: 'Arlington', address: '', phoneNumber: '555-0100' });
  });

  it('when the password changes with the right current password, then the other sessions end at once, this one lives and only the new password works', async () => {
    const { user, token } = await t.register();
    const other = await t.login(user.email, TEST_PASSWORD);
    changed.length = 0;
    const res = await put(token, { ...profileBody, password: 'brand-new-password', currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get(AUTH_FAILURE_HEADER)).toBeNull();
    expect((await t.authed(other)('/api/session')).status).toBe(401);
    expect((await t.authed(token)('/api/session')).status).toBe(200);
    expect(changed).toEqual([user._id]);
    await expect(t.login(user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await t.login(user.email, 'brand-new-password')).toEqual(expect.any(String));
  });

  it.each([
    ['missing', {}],
    ['empty', { currentPassword: '' }],
    ['wrong', { currentPassword: 'not-my-password' }],
    ['the new one', { currentPassword: 'brand-new-password' }],
    ['too long', { currentPassword: 'x'.repeat(201) }],
  ])(
    'when the password would change and the current password is %s, then 400 naming it, marked for the login limit, and nothing changes',
    async (_case, extra) => {
      const { user, token } = await t.register();
      const other = await t.login(user.email, TEST_PASSWORD);
      changed.length = 0;
      const res = await put(token, { ...profileBody, password: 'brand-new-password', ...extra });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: CURRENT_PASSWORD_WRONG, field: 'currentPassword' });
      expect(res.headers.get(AUTH_FAILURE_HEADER)).toBe(CURRENT_PASSWORD_FAILURE);
      const { rows } = await t.db.query('select name, city from users where id = $1', [user._id]);
      expect(rows[0]).toEqual({ name: 'Test', city: '' });
      expect(changed).toEqual([]);
      expect((await t.authed(other)('/api/session')).status).toBe(200);
      expect(await t.login(user.email, TEST_PASSWORD)).toEqual(expect.any(String));
    },
  );

  it('when the profile is saved with the same password and no current password, then it is saved and other sessions live on', async () => {
    const { user, token } = await t.register();
    const other = await t.login(user.email, TEST_PASSWORD);
    const res = await put(token, profileBody);
    expect(res.status).toBe(200);
    expect(res.headers.get(AUTH_FAILURE_HEADER)).toBeNull();
    const { rows } = await t.db.query('select city from users where id = $1', [user._id]);
    expect(rows[0]).toEqual({ city: 'Arlington' });
    expect((await t.authed(other)('/api/session')).status).toBe(200);
  });

  it.each([
    ['absent', { password: undefined }],
    ['empty', { password: '' }],
  ])(
    'when the password is %s, then the profile is saved, the password kept without a current password, and other sessions live on',
    async (_case, change) => {
      const { user, token } = await t.register();
      const other = await t.login(user.email, TEST_PASSWORD);
      changed.length = 0;
      const res = await put(token, { ...profileBody, ...change });
      expect(res.status).toBe(200);
      expect(res.headers.get(AUTH_FAILURE_HEADER)).toBeNull();
      const { rows } = await t.db.query('select address, phone_number as "phoneNumber" from users where id = $1', [user._id]);
      expect(rows[0]).toEqual({ address: '1 Navy Way', phoneNumber: '555-0100' });
      expect(changed).toEqual([]);
      expect((await t.authed(other)('/api/session')).status).toBe(200);
      expect(await t.login(user.email, TEST_PASSWORD)).toEqual(expect.any(String));
    },
  );

  it('when a visitor updates a profile, then 401', async () => {
    expect((await put(undefined, profileBody)).status).toBe(401);
  });

  it("when a user asks for another user's profile, then 403; an admin may read it; unknown ids are 404", async () => {
    const alice = await t.register();
    const bob = await t.register();
    const res = await t.authed(alice.token)(`/api/users/profile/${bob.user._id}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain(bob.user.email);
    expect((await t.authed(undefined)(`/api/users/profile/${bob.user._id}`)).status).toBe(401);

    const admin = await registerAdmin(t);
    const asAdmin = await t.authed(admin.token)(`/api/users/profile/${bob.user._id}`);
    expect(asAdmin.status).toBe(200);
    expect((await asAdmin.json()).email).toBe(bob.user.email);
    expect((await t.authed(admin.token)(`/api/users/profile/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await t.authed(admin.token)('/api/users/profile/not-a-uuid')).status).toBe(404);
  });

  const deleteAccount = (token: string, currentPassword: string) =>
    t.authed(token)('/api/users/profile', { method: 'DELETE', body: JSON.stringify({ currentPassword }) });

  it('when a customer deletes their account with the wrong password, then 400 marked for the login limit and nothing changes; with the right one its sessions end, its orders and reviews stay as "Deleted customer" (the order with its address), and the email registers again', async () => {
    const ada = await customerWithProfile(t);
    const order = await placedOrder(t, ada, 'cod');
    const other = await t.login(ada.user.email, TEST_PASSWORD);
    const productId = order.cartItems[0]!.productID;
    await t.db.query(`insert into reviews (product_id, user_id, user_name, rating, comment) values ($1, $2, 'Ada L.', 5, 'Fine')`, [
      productId,
      ada.id,
    ]);
    const wrong = await deleteAccount(ada.token, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get(AUTH_FAILURE_HEADER)).toBe(CURRENT_PASSWORD_FAILURE);
    expect(await wrong.json()).toEqual({ message: CURRENT_PASSWORD_WRONG, field: 'currentPassword' });
    expect((await t.authed(other)('/api/session')).status).toBe(200);

    changed.length = 0;
    expect((await deleteAccount(ada.token, TEST_PASSWORD)).status).toBe(204);
    expect(changed).toEqual([ada.id]);
    for (const token of [ada.token, other]) expect((await t.authed(token)('/api/session')).status).toBe(401);
    await expect(t.login(ada.user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    const { rows } = await t.db.query<{ user_id: string | null; user: Record<string, string> }>(
      'select user_id, user_snapshot as "user" from orders where id = $1',
      [order._id],
    );
    expect(rows[0]!.user_id).toBeNull();
    expect(rows[0]!.user).toMatchObject({ name: DELETED_CUSTOMER, lastName: '', email: '', phoneNumber: '', address: order.user.address });
    const review = await t.db.query('select user_id, user_name, comment from reviews where product_id = $1 and comment = $2', [
      productId,
      'Fine',
    ]);
    expect(review.rows).toEqual([{ user_id: null, user_name: DELETED_CUSTOMER, comment: 'Fine' }]);
    expect((await t.register({ email: ada.user.email })).user.email).toBe(ada.user.email);
  });

  it('when a customer checks their own password (the kiosk before showing the address), then 204 for the right one, 400 marked for the login limit for a wrong one', async () => {
    const ada = await customerWithProfile(t);
    const check = (currentPassword: string) =>
      t.authed(ada.token)('/api/users/profile/check-password', { method: 'POST', body: JSON.stringify({ currentPassword }) });
    expect((await check(TEST_PASSWORD)).status).toBe(204);
    const wrong = await check('not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get(AUTH_FAILURE_HEADER)).toBe(CURRENT_PASSWORD_FAILURE);
    expect(await wrong.json()).toEqual({ message: CURRENT_PASSWORD_WRONG, field: 'currentPassword' });
  });

  it('when the last admin deletes their own account, then 409 and the account stays; once another admin exists it goes', async () => {
    const admin = await registerAdmin(t);
    await t.db.query('update users set is_admin = false where is_admin and id <> $1', [admin.id]);
    const refused = await deleteAccount(admin.token, TEST_PASSWORD);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: LAST_ADMIN });
    expect((await t.authed(admin.token)('/api/session')).status).toBe(200);
    await registerAdmin(t);
    expect((await deleteAccount(admin.token, TEST_PASSWORD)).status).toBe(204);
  });

  it('when a customer downloads their data, then one JSON file has the profile, their orders and reviews, and no secret', async () => {
    const ada = await customerWithProfile(t);
    const order = await placedOrder(t, ada, 'cod');
    const productId = order.cartItems[0]!.productID;
    await t.db.query(`insert into reviews (product_id, user_id, user_name, rating, comment) values ($1, $2, 'Ada L.', 4, 'Mine')`, [
      productId,
      ada.id,
    ]);
    const res = await t.authed(ada.token)('/api/users/profile/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statefront-my-data.json"');
    const text = await res.text();
    expect(text).not.toMatch(/password|\$argon2/i);
    const data = JSON.parse(text) as MyData;
    expect(data.profile).toMatchObject({ _id: ada.id, email: ada.user.email, address: order.user.address });
    expect(data.orders.map((o) => o._id)).toEqual([order._id]);
    expect(data.reviews).toEqual([
      { productId, productName: order.cartItems[0]!.name, rating: 4, comment: 'Mine', createdAt: expect.any(String) },
    ]);
    expect((await t.authed(undefined)('/api/users/profile/export')).status).toBe(401);
  });
});
