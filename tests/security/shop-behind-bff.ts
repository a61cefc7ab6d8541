import { adminWithProfile, customerWithProfile } from '../../api/testing/test-api.ts';
import { TEST_PASSWORD, type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';

/** A test API behind a test BFF, and session cookies got the way a browser gets them (not a test file itself). */
export type ShopBehindBff = {
  api: TestApi;
  bff: TestBff;
  /** Session cookies of a customer and of an admin, each from a login through the BFF. */
  customerCookie: string;
  adminCookie: string;
  stop(): Promise<void>;
};

const loginThroughBff = async (t: TestApi, bff: TestBff, userId: string): Promise<string> => {
  const { rows } = await t.db.query<{ email: string }>('select email from users where id = $1', [userId]);
  const res = await postJson(`${bff.url}/api/users/login`, { email: rows[0]!.email, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`login through the BFF failed with ${res.status}: ${await res.text()}`);
  return cookieFrom(res);
};

/** `apiLimitPerMinute` raises the BFF's per-session /api limit for tests that send thousands of requests. */
export const startShopBehindBff = async ({ apiLimitPerMinute }: { apiLimitPerMinute?: number } = {}): Promise<ShopBehindBff> => {
  const api = await startTestApi();
  const bff = await startTestBff({ apiUrl: api.url, apiLimitPerMinute });
  const [customer, boss] = [await customerWithProfile(api), await adminWithProfile(api)];
  return {
    api,
    bff,
    customerCookie: await loginThroughBff(api, bff, customer.id),
    adminCookie: await loginThroughBff(api, bff, boss.id),
    async stop() {
      await bff.stop();
      await api.stop();
    },
  };
};
