import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { requestFrom } from '../testing/from-address.ts';
import { TOO_MANY_ACCOUNTS } from './registration-limit.ts';

const PER_HOUR = 3;
let api: TestApi;
let redis: RedisServer;
let first: TestBff;
let second: TestBff;

beforeAll(async () => {
  [api, redis] = await Promise.all([startTestApi(), startRedisServer()]);
  const config = { REGISTRATIONS_PER_ADDRESS_PER_HOUR: PER_HOUR, REDIS_URL: redis.url };
  [first, second] = await Promise.all([startTestBff({ apiUrl: api.url, config }), startTestBff({ apiUrl: api.url, config })]);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await Promise.all([api?.stop(), redis?.stop()]);
});

let counter = 0;
const registerAt = (bff: TestBff, address: string) =>
  requestFrom(bff.url, address, '/api/users/register', {
    method: 'POST',
    json: { name: 'Sam', lastName: 'Shared', email: `shared-${++counter}@example.test`, password: 'a-good-password' },
  });

describe(`registrations per address shared through Redis (REGISTRATIONS_PER_ADDRESS_PER_HOUR=${PER_HOUR})`, () => {
  it('when one address registers on both instances, then they count together and either refuses the next', async () => {
    const answers = [];
    for (let i = 0; i < PER_HOUR; i += 1) answers.push((await registerAt(i % 2 === 0 ? first : second, '127.0.3.1')).status);
    expect(answers).toEqual([201, 201, 201]);
    for (const bff of [first, second]) {
      const refused = await registerAt(bff, '127.0.3.1');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ message: TOO_MANY_ACCOUNTS });
    }
    expect((await registerAt(second, '127.0.3.2')).status).toBe(201);
  });
});
