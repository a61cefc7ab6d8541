import type { ApiConfig } from '../../api/config.ts';
import { adminWithProfile, customerWithProfile } from '../../api/testing/test-api.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, loginThroughBff, startTestBff } from '../../bff/testing/bff-harness.ts';

/** A test API behind a test BFF, and session cookies got the way a browser gets them (not a test file itself). */
export type ShopBehindBff = {
  api: TestApi;
  bff: TestBff;
  /** Session cookies of a customer and of an admin, each from a login through the BFF. */
  customerCookie: string;
  adminCookie: string;
  stop(): Promise<void>;
};

/** `apiLimitPerMinute` raises the BFF's per-session /api limit for tests that send thousands of requests; `apiConfig` sets the API's. */
export const startShopBehindBff = async ({
  apiLimitPerMinute,
  apiConfig,
}: { apiLimitPerMinute?: number; apiConfig?: Partial<ApiConfig> } = {}): Promise<ShopBehindBff> => {
  const api = await startTestApi({ config: apiConfig });
  const bff = await startTestBff({ apiUrl: api.url, apiLimitPerMinute });
  const [customer, boss] = [await customerWithProfile(api), await adminWithProfile(api)];
  return {
    api,
    bff,
    customerCookie: await loginThroughBff(bff, customer),
    adminCookie: await loginThroughBff(bff, boss),
    async stop() {
      await bff.stop();
      await api.stop();
    },
  };
};
