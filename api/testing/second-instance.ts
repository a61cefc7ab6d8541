import { type ApiOptions, createApi } from '../app.ts';
import type { ApiConfig } from '../config.ts';
import { type TestApi, authedAt } from './api-harness.ts';
import { connectAgain } from './test-db.ts';

export type SecondInstanceOptions = Pick<Partial<ApiOptions>, 'attachments'> & { config?: Partial<ApiConfig> };

/**
 * A second API instance on `first`'s database, as a second process behind the balancer would
 * be: with TEST_DATABASE_URL a pool of its own on the same PostgreSQL database (its
 * transactions really race the first's); on PGlite the same in-process connection. Same
 * secrets, so a token either instance signed works on both. Answers a TestApi whose `url`,
 * `api` and `authed` are the second's; `db`, `register` and the rest reach the same data.
 */
export const startSecondInstance = async (
  first: TestApi,
  { attachments = [], config = {} }: SecondInstanceOptions = {},
): Promise<TestApi> => {
  const db = await connectAgain(first.db);
  const api = createApi({ db, config: { ...first.config, ...config }, attachments });
  const { url } = await api.start(0, '127.0.0.1');
  return {
    ...first,
    url,
    api,
    authed: authedAt(url),
    async stop() {
      await api.stop();
      await db.close();
    },
  };
};
