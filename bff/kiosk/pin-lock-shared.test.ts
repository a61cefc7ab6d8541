import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisServer } from '../../tests/support/redis-server.ts';
import type { TestBff } from '../testing/bff-harness.ts';
import { cookieOf, requestFrom } from '../testing/from-address.ts';
import { type SharedBffs, startSharedBffs } from '../testing/shared-bffs.ts';

const PIN = '5511';

let shop: SharedBffs;
let redis: RedisServer;
let first: TestBff;
let second: TestBff;

beforeAll(async () => {
  shop = await startSharedBffs({ KIOSK_PIN: PIN });
  ({ redis, first, second } = shop);
});

afterAll(() => shop?.stop());

describe('kiosk PIN lock shared through Redis', () => {
  it('when 5 wrong PINs of one kiosk are spread across two instances, then both refuse even the right PIN and say when it unlocks', async () => {
    const cookie = cookieOf(await requestFrom(first.url, '127.0.2.1', '/api/kiosk/unlock'));
    const tryPin = (bff: TestBff, pin: string) =>
      requestFrom(bff.url, '127.0.2.1', '/api/kiosk/unlock', { method: 'POST', headers: { cookie }, json: { pin } });
    for (let i = 0; i < 4; i += 1) expect((await tryPin(i % 2 === 0 ? first : second, '0000')).status).toBe(403);
    expect((await tryPin(second, '0000')).status).toBe(429);

    for (const bff of [first, second]) {
      const refused = await tryPin(bff, PIN);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(290);
    }
  });

  // Last: it stops Redis.
  it('when Redis is gone, then the PIN is not checked at all (503) rather than guessed without a limit', async () => {
    await redis.stop();
    const answer = await requestFrom(first.url, '127.0.2.2', '/api/kiosk/unlock', { method: 'POST', json: { pin: PIN } });
    expect(answer.status).toBe(503);
    expect((JSON.parse(answer.body) as { message: string }).message).toBe('The PIN cannot be checked right now. Try again in a moment.');
  });
});
