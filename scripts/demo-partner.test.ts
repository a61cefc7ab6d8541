import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIdentity } from '../api/realtime/identify.ts';
import { createDemoPartner, DEMO_VISITOR } from './demo-partner.ts';

const secret = 'test-identity-secret';
const server = createDemoPartner({ shopUrl: 'http://localhost:3999', secret });
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('partner demo server', () => {
  it('when the page is requested, then it pastes the queue stub and the async script from the shop', async () => {
    const html = await fetch(`${base}/`).then((r) => r.text());
    expect(html).toContain('<script src="http://localhost:3999/widgets/chat.js" async></script>');
    expect(html).toContain('(StatefrontChat.q = StatefrontChat.q || []).push(arguments)');
    expect(html).toMatch(/StatefrontChat\('open'\)[\s\S]*StatefrontChat\('close'\)[\s\S]*StatefrontChat\('identify'/);
  });

  it('when identify is asked for, then the visitor comes signed as v2 for the shop, and the shop accepts it', async () => {
    const { identity, signed } = await fetch(`${base}/identity`).then((r) => r.json());
    expect(signed).toBe(true);
    expect(identity).toEqual({ v: 2, payload: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const claims = JSON.parse(identity.payload);
    expect(claims).toMatchObject({ ...DEMO_VISITOR, aud: 'http://localhost:3999' });
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(0);
    const logger = pino({ level: 'silent' });
    const shop = { config: { CHAT_IDENTITY_SECRET: secret, PUBLIC_ORIGIN: 'http://localhost:3999' }, logger } as unknown as Parameters<
      typeof verifyIdentity
    >[1];
    expect(verifyIdentity(identity, shop)).toEqual(DEMO_VISITOR);
    expect(verifyIdentity(identity, { ...shop, config: { ...shop.config, PUBLIC_ORIGIN: 'https://another.shop' } })).toMatch(/aud must be/);
  });
});
