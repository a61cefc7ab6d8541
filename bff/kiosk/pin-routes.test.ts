import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadBffConfig } from '../config.ts';
import { type FakeApi, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';
import { type Answer, cookieOf, requestFrom } from '../testing/from-address.ts';

const PIN = '73919284';
const MINUTE = 60_000;

let upstream: FakeApi;
let bff: TestBff;
let noPin: TestBff;

beforeAll(async () => {
  upstream = await startFakeApi();
  bff = await startTestBff({ apiUrl: upstream.url, config: { KIOSK_PIN: PIN } });
  noPin = await startTestBff({ apiUrl: upstream.url });
});

afterAll(async () => {
  await bff?.stop();
  await noPin?.stop();
  await upstream?.stop();
});

afterEach(() => vi.useRealTimers());

/** A kiosk: its device cookie, as the page's first GET hands it out, and its address. */
const kioskAt = async (address: string, server = bff) => {
  const cookie = cookieOf(await requestFrom(server.url, address, '/api/kiosk/unlock'));
  return {
    cookie,
    tryPin: (pin: string, headers: Record<string, string> = {}) =>
      requestFrom(server.url, address, '/api/kiosk/unlock', { method: 'POST', headers: { cookie, ...headers }, json: { pin } }),
  };
};

const bodyOf = (answer: Answer) => JSON.parse(answer.body) as { message?: string; field?: string; pinSet?: boolean; left?: boolean };

describe('leaving kiosk mode: the PIN check', () => {
  it('when the right PIN is sent, then the answer lets the kiosk leave', async () => {
    const kiosk = await kioskAt('127.0.1.1');
    const answer = await kiosk.tryPin(PIN);
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toEqual({ left: true });
  });

  it('when a wrong PIN is sent, then it is refused with the tries left, naming the field', async () => {
    const kiosk = await kioskAt('127.0.1.2');
    const answer = await kiosk.tryPin('0000');
    expect(answer.status).toBe(403);
    expect(bodyOf(answer)).toEqual({ message: 'Wrong PIN. 4 tries left.', field: 'pin' });
  });

  it('when what is sent is not 4 to 12 digits, then it is refused as a bad PIN field', async () => {
    const kiosk = await kioskAt('127.0.1.3');
    const answer = await kiosk.tryPin('12ab');
    expect(answer.status).toBe(400);
    expect(bodyOf(answer).field).toBe('pin');
  });

  it('when 5 wrong PINs are sent, then the pad is locked for 5 minutes, even for the right PIN, and says when it unlocks', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const kiosk = await kioskAt('127.0.1.4');
    for (let i = 0; i < 4; i += 1) expect((await kiosk.tryPin(`111${i}`)).status).toBe(403);
    vi.advanceTimersByTime(3 * MINUTE);

    const fifth = await kiosk.tryPin('1114');
    expect(fifth.status).toBe(429);
    expect(fifth.headers['retry-after']).toBe('300');
    expect(bodyOf(fifth).message).toBe('Too many wrong PINs. Try again in 5 minutes.');

    // Five minutes from the fifth wrong PIN, not from the first.
    vi.advanceTimersByTime(4 * MINUTE);
    const sixth = await kiosk.tryPin(PIN);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe('60');
    expect(bodyOf(sixth).message).toBe('Too many wrong PINs. Try again in 1 minute.');

    vi.advanceTimersByTime(MINUTE + 1_000);
    expect((await kiosk.tryPin(PIN)).status).toBe(200);
  });

  it('when one kiosk is locked, then another kiosk at the same address still leaves with the right PIN', async () => {
    const locked = await kioskAt('127.0.1.5');
    for (let i = 0; i < 5; i += 1) await locked.tryPin('2222');
    expect((await locked.tryPin(PIN)).status).toBe(429);
    expect((await (await kioskAt('127.0.1.5')).tryPin(PIN)).status).toBe(200);
  });

  it('when a guesser drops the device cookie to get fresh tries, then after 20 wrong PINs the whole address is locked', async () => {
    for (let device = 0; device < 4; device += 1) {
      const kiosk = await kioskAt('127.0.1.6');
      for (let i = 0; i < 5; i += 1) await kiosk.tryPin(`33${device}${i}`);
    }
    const fresh = await kioskAt('127.0.1.6');
    expect((await fresh.tryPin(PIN)).status).toBe(429);
    expect((await (await kioskAt('127.0.1.7')).tryPin(PIN)).status).toBe(200);
  });

  it('when the anti-forgery header is missing, then the PIN is refused unchecked and does not count', async () => {
    const kiosk = await kioskAt('127.0.1.8');
    for (const pin of ['4444', '4445', '4446', '4447', '4448', PIN]) {
      const forged = await kiosk.tryPin(pin, { 'x-csrf': '0' });
      expect(forged.status).toBe(403);
      expect(bodyOf(forged)).toEqual({ message: 'The X-CSRF: 1 header is missing. Reload the page and try again.' });
    }
    expect((await kiosk.tryPin(PIN)).status).toBe(200);
  });

  it('when no KIOSK_PIN is set, then the page learns it and every PIN is refused', async () => {
    const status = await requestFrom(noPin.url, '127.0.1.9', '/api/kiosk/unlock');
    expect(bodyOf(status)).toEqual({ pinSet: false });
    const kiosk = await kioskAt('127.0.1.9', noPin);
    for (const pin of ['0000', '123456789012', PIN]) {
      const answer = await kiosk.tryPin(pin);
      expect(answer.status).toBe(404);
      expect(bodyOf(answer).message).toBe('This kiosk cannot be left from the screen.');
    }
  });

  it('when a page, the settings or any answer is read, then the PIN is in none of them', async () => {
    const kiosk = await kioskAt('127.0.1.10');
    const answers = [
      await requestFrom(bff.url, '127.0.1.10', '/'),
      await requestFrom(bff.url, '127.0.1.10', '/kiosk'),
      await requestFrom(bff.url, '127.0.1.10', '/api/kiosk/unlock'),
      await kiosk.tryPin('9999'),
      await kiosk.tryPin(PIN),
    ];
    expect(bodyOf(answers[2]!)).toEqual({ pinSet: true });
    // The settings the server hands to the page are in the page, without the PIN.
    expect(answers[0]!.body).toContain('<script id="shop-settings" type="application/json">');
    for (const answer of answers) expect(answer.body + JSON.stringify(answer.headers)).not.toContain(PIN);
  });
});

describe('KIOSK_PIN setting', () => {
  it('when KIOSK_PIN is not 4 to 12 digits, then the BFF does not start and says what to set', async () => {
    for (const pin of ['12a4', '123', '1234567890123']) {
      await expect(
        loadBffConfig({ NODE_ENV: 'test', KIOSK_PIN: pin, SESSION_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) }),
      ).rejects.toThrow('- KIOSK_PIN: must be 4 to 12 digits, like 482915');
    }
  });

  it('when KIOSK_PIN is empty, then it counts as unset', async () => {
    const config = await loadBffConfig({
      NODE_ENV: 'test',
      KIOSK_PIN: '',
      SESSION_SECRET: 'x'.repeat(32),
      INTERNAL_SECRET: 'y'.repeat(32),
    });
    expect(config.KIOSK_PIN).toBeUndefined();
  });
});
