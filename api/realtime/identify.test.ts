import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config.ts';
import { MAX_LIFETIME_S, signIdentity, signIdentityV1, verifyIdentity } from './identify.ts';

const secret = 'a-partner-secret-123';
const shop = 'https://shop.example';
const who = { id: 'u-1', name: 'Grace', email: 'grace@partner.test' };
const NOW = Date.parse('2027-01-15T12:00:00Z');
const nowS = NOW / 1000;
const inTenMinutes = { ...who, aud: shop, exp: nowS + 600 };

/** A verifier context whose log lines the test can read. */
const setup = (config: { CHAT_IDENTITY_SECRET?: string; PUBLIC_ORIGIN?: string; CHAT_IDENTITY_V1_UNTIL?: Date } = {}) => {
  const logs: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  const ctx = { config: { CHAT_IDENTITY_SECRET: secret, PUBLIC_ORIGIN: shop, ...config }, logger: pino({ level: 'info' }, sink) };
  const verify = (raw: unknown, now = NOW) => verifyIdentity(raw, ctx as unknown as Parameters<typeof verifyIdentity>[1], now);
  return { verify, warnings: () => logs.filter((l) => l.level === 40).map((l) => l.msg) };
};

const hmac = (message: string, key = secret) => createHmac('sha256', key).update(message).digest('hex');

describe('partner identity v2', () => {
  it('when a partner signs `v2.` + the exact JSON payload, then the visitor is accepted', () => {
    const payload = JSON.stringify(inTenMinutes);
    const handMade = { v: 2, payload, signature: hmac(`v2.${payload}`) };
    expect(signIdentity(inTenMinutes, secret)).toEqual(handMade);
    expect(setup().verify(handMade)).toEqual(who);
  });

  it('when the payload was written by another JSON encoder (spaces, other key order, more keys), then it still verifies as sent', () => {
    const payload = `{ "exp": ${nowS + 60}, "aud": "${shop}", "email": "grace@partner.test", "name": "Grace", "id": "u-1", "iat": ${nowS} }`;
    expect(setup().verify({ v: 2, payload, signature: hmac(`v2.${payload}`) })).toEqual(who);
  });

  it('when the identity expired more than a minute ago, then it is refused; within the clock skew it passes', () => {
    const { verify } = setup();
    expect(verify(signIdentity({ ...inTenMinutes, exp: nowS - 61 }, secret))).toMatch(/^identify failed: .*expired/);
    expect(verify(signIdentity({ ...inTenMinutes, exp: nowS - 30 }, secret))).toEqual(who);
  });

  it('when exp lies more than 24 hours ahead (or is in milliseconds), then it is refused', () => {
    const { verify } = setup();
    expect(verify(signIdentity({ ...inTenMinutes, exp: nowS + MAX_LIFETIME_S }, secret))).toEqual(who);
    expect(verify(signIdentity({ ...inTenMinutes, exp: nowS + MAX_LIFETIME_S + 3600 }, secret))).toMatch(/more than 24 hours ahead/);
    expect(verify(signIdentity({ ...inTenMinutes, exp: NOW + 600_000 }, secret))).toMatch(/more than 24 hours ahead/);
  });

  it('when the identity names another shop as audience, then it is refused', () => {
    const { verify } = setup();
    for (const aud of ['https://other-shop.example', 'http://shop.example', 'https://shop.example/', 'https://shop.example.evil.test']) {
      expect(verify(signIdentity({ ...inTenMinutes, aud }, secret))).toMatch(/aud must be this shop's origin, https:\/\/shop\.example$/);
    }
  });

  it('when the API does not know its origin, then v2 is refused and the operator is told once', () => {
    const { verify, warnings } = setup({ PUBLIC_ORIGIN: undefined });
    expect(verify(signIdentity(inTenMinutes, secret))).toMatch(/PUBLIC_ORIGIN is not set/);
    expect(verify(signIdentity(inTenMinutes, secret))).toMatch(/PUBLIC_ORIGIN is not set/);
    expect(warnings()).toEqual([expect.stringContaining('PUBLIC_ORIGIN is not set for the API')]);
  });

  it('when fields are re-split (as `u-1|Grace|Admin` could be in v1) or the payload altered, then the signature no longer matches', () => {
    const { verify } = setup();
    const good = signIdentity({ ...inTenMinutes, name: 'Grace|Admin' }, secret);
    const resplit = JSON.stringify({ ...inTenMinutes, id: 'u-1|Grace', name: 'Admin' });
    const nameSwallowsEmail = good.payload.replace(
      '"name":"Grace|Admin","email":"grace@partner.test"',
      '"name":"Grace|Admin\\",\\"email\\":\\"grace@partner.test"',
    );
    for (const payload of [resplit, nameSwallowsEmail, good.payload.replace('Grace', 'Admin'), `${good.payload} `, `${good.payload}{}`]) {
      expect(payload).not.toBe(good.payload);
      expect(verify({ ...good, payload })).toMatch(/does not match/);
    }
    // The v1 reading of the same fields cannot borrow the v2 signature either.
    expect(
      setup({ CHAT_IDENTITY_V1_UNTIL: new Date(NOW + 86_400_000) }).verify({
        id: 'u-1|Grace',
        name: 'Admin',
        email: who.email,
        signature: good.signature,
      }),
    ).toMatch(/does not match/);
  });

  it('when the signature has upper case, whitespace or anything after the 64 digits, then it is refused', () => {
    const { verify } = setup();
    const good = signIdentity(inTenMinutes, secret);
    for (const signature of [
      good.signature.toUpperCase(),
      `${good.signature}\n`,
      ` ${good.signature}`,
      `${good.signature}00`,
      `${good.signature}zz`,
      good.signature.slice(0, 62),
    ]) {
      expect(verify({ ...good, signature })).toBe('identify failed: signature must be exactly 64 lowercase hex digits');
    }
  });

  it('when the version, the payload or the secret is wrong, then it is refused with a reason', () => {
    const { verify } = setup();
    const good = signIdentity(inTenMinutes, secret);
    expect(verify({ ...good, v: 3 })).toMatch(/unknown identity version/);
    expect(verify({ ...good, v: '2' })).toMatch(/unknown identity version/);
    expect(verify(signIdentity(inTenMinutes, 'another-secret-4567'))).toMatch(/does not match/);
    const notJson = 'not json';
    expect(verify({ v: 2, payload: notJson, signature: hmac(`v2.${notJson}`) })).toMatch(/payload must be JSON/);
    const noEmail = JSON.stringify({ id: 'u-1', name: 'Grace', aud: shop, exp: nowS + 60 });
    expect(verify({ v: 2, payload: noEmail, signature: hmac(`v2.${noEmail}`) })).toMatch(/id, name and email/);
    expect(setup({ CHAT_IDENTITY_SECRET: undefined }).verify(good)).toMatch(/does not accept/);
  });

  it('when nothing is passed, then there is nothing to verify', () => {
    expect(setup().verify(undefined)).toBeUndefined();
  });
});

describe('partner identity v1 during the transition', () => {
  const v1 = { ...who, signature: hmac('u-1|Grace|grace@partner.test') };
  const cutOff = new Date('2027-02-01T00:00:00Z');

  it('when CHAT_IDENTITY_V1_UNTIL lies ahead, then a v1 identity is accepted and the log warns once an hour, not per message', () => {
    expect(signIdentityV1(who, secret)).toBe(v1.signature);
    const { verify, warnings } = setup({ CHAT_IDENTITY_V1_UNTIL: cutOff });
    for (let i = 0; i < 5; i++) expect(verify(v1, NOW + i * 1000)).toEqual(who);
    expect(verify({ ...v1, signature: v1.signature.toUpperCase() })).toEqual(who);
    expect(warnings()).toEqual([expect.stringContaining('deprecated v1 format')]);
    verify(v1, NOW + 3_600_000);
    expect(warnings()).toHaveLength(2);
  });

  it('when the cut-off has passed or was never set, then a correctly signed v1 identity is refused and the log says so', () => {
    for (const [until, now] of [
      [cutOff, cutOff.getTime()],
      [undefined, NOW],
    ] as const) {
      const { verify, warnings } = setup({ CHAT_IDENTITY_V1_UNTIL: until });
      expect(verify(v1, now)).toMatch(/^identify failed: v1 identities are no longer accepted/);
      expect(warnings()).toEqual([expect.stringContaining('which this shop refuses')]);
    }
  });

  it('when a v1 field changes, a byte follows the signature or a field is missing, then it is refused', () => {
    const { verify } = setup({ CHAT_IDENTITY_V1_UNTIL: cutOff });
    expect(verify({ ...v1, email: 'other@partner.test' })).toMatch(/does not match/);
    for (const signature of [`${v1.signature}zz`, `${v1.signature} `, v1.signature.slice(0, 10)]) {
      expect(verify({ ...v1, signature })).toBe('identify failed: signature must be exactly 64 hex digits');
    }
    expect(verify({ id: 'u-1', signature: v1.signature })).toMatch(/non-empty strings/);
    expect(verify('just a string')).toMatch(/^identify failed: /);
  });
});

describe('identity settings', () => {
  it('when CHAT_IDENTITY_V1_UNTIL is a date or a date-time, then it is read as that instant; other text stops the start', async () => {
    const base = { TOKEN_SECRET: 'x'.repeat(32) };
    expect((await loadApiConfig({ ...base, CHAT_IDENTITY_V1_UNTIL: '2027-03-31' })).CHAT_IDENTITY_V1_UNTIL).toEqual(
      new Date('2027-03-31T00:00:00Z'),
    );
    expect((await loadApiConfig({ ...base, CHAT_IDENTITY_V1_UNTIL: '2027-03-31T12:00:00+02:00' })).CHAT_IDENTITY_V1_UNTIL).toEqual(
      new Date('2027-03-31T10:00:00Z'),
    );
    expect((await loadApiConfig(base)).CHAT_IDENTITY_V1_UNTIL).toBeUndefined();
    await expect(loadApiConfig({ ...base, CHAT_IDENTITY_V1_UNTIL: 'next spring' })).rejects.toThrow(
      /CHAT_IDENTITY_V1_UNTIL: must be a date like 2027-03-31/,
    );
  });

  it('when PUBLIC_ORIGIN is a URL, then the API keeps only its origin', async () => {
    const config = await loadApiConfig({ TOKEN_SECRET: 'x'.repeat(32), PUBLIC_ORIGIN: 'https://Shop.Example/some/path' });
    expect(config.PUBLIC_ORIGIN).toBe('https://shop.example');
  });
});
