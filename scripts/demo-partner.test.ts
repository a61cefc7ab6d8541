import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('when identify is asked for, then the visitor is signed with the shop secret as the hub checks it', async () => {
    const { identity, signed } = await fetch(`${base}/identity`).then((r) => r.json());
    const expected = createHmac('sha256', secret).update(`${DEMO_VISITOR.id}|${DEMO_VISITOR.name}|${DEMO_VISITOR.email}`).digest('hex');
    expect(signed).toBe(true);
    expect(identity).toEqual({ ...DEMO_VISITOR, signature: expected });
  });
});
