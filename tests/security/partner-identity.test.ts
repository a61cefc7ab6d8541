import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ChatError, ChatIdentify, ClientToAdminPayload } from '../../contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '../../contracts/chat.ts';
import { signIdentity, signIdentityV1 } from '../../api/realtime/identify.ts';
import { collect, hubTestApi, say, until } from '../../api/testing/sockets.ts';
import { startTestBff } from '../../bff/testing/bff-harness.ts';
import { adminViaBff } from '../../bff/testing/chat-clients.ts';

// A partner page's visitor, through the BFF's public port as a browser on the partner's origin.
const SECRET = 'partner-identity-secret-0123';
const SHOP = 'https://shop.test';
const PARTNER = 'https://partner.test';
const who = { id: 'p-7', name: 'Grace Visitor', email: 'grace@partner.test' };
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

// CHAT_IDENTITY_V1_UNTIL is left unset, as in a fresh install: v1 is refused.
const live = hubTestApi({
  config: { CHAT_IDENTITY_SECRET: SECRET, PUBLIC_ORIGIN: SHOP },
  front: (api) => startTestBff({ apiUrl: api.url, config: { PARTNER_ORIGINS: [PARTNER] } }),
});

/** Connects as the widget does on a partner page, listening for `identify failed` from the first packet. */
const partnerVisitor = async (identify: unknown) => {
  const socket = io(live.front.url, {
    transports: ['websocket'],
    extraHeaders: { origin: PARTNER },
    auth: { identify },
    forceNew: true,
    autoConnect: false,
  });
  live.track(socket);
  const failed = collect<ChatError>(socket, CHAT_EVENTS.identifyFailed);
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, failed };
};

/** What the admin sees of the visitor's first message. */
const seenByAdmin = async (identify: unknown) => {
  const adminSocket = await adminViaBff(live.t, live.front);
  live.track(adminSocket);
  const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
  const { socket, failed } = await partnerVisitor(identify);
  expect((await say(socket, 'hello from the partner site')).ok).toBe(true);
  await until(() => atAdmin.length === 1, 'the admin has the message');
  return { payload: atAdmin[0]!, failed };
};

describe('security: partner identity through the BFF', () => {
  it('when a partner signs a v2 identity for this shop, then the admin sees the visitor name', async () => {
    const { payload, failed } = await seenByAdmin(signIdentity({ ...who, aud: SHOP, exp: inSeconds(600) }, SECRET));
    expect(payload).toMatchObject({ name: 'Grace Visitor', message: 'hello from the partner site' });
    expect(failed).toEqual([]);
  });

  const good = signIdentity({ ...who, aud: SHOP, exp: inSeconds(600) }, SECRET);
  const refused: Array<[string, ChatIdentify, RegExp]> = [
    ['expired', signIdentity({ ...who, aud: SHOP, exp: inSeconds(-3600) }, SECRET), /expired/],
    ['signed for another shop', signIdentity({ ...who, aud: 'https://other-shop.test', exp: inSeconds(600) }, SECRET), /aud must be/],
    ['valid for a week', signIdentity({ ...who, aud: SHOP, exp: inSeconds(7 * 86_400) }, SECRET), /more than 24 hours/],
    [
      're-split into other fields',
      { ...good, payload: good.payload.replace('"id":"p-7","name":"Grace Visitor"', '"id":"p-7","name":"Admin"') },
      /does not match/,
    ],
    ['followed by trailing bytes', { ...good, signature: `${good.signature}00` }, /64 lowercase hex/],
    ['in upper-case hex', { ...good, signature: good.signature.toUpperCase() }, /64 lowercase hex/],
    ['in v1 with no cut-off date set', { ...who, signature: signIdentityV1(who, SECRET) }, /v1 identities are no longer accepted/],
  ];

  it.each(refused)('when the identity is %s, then the visitor chats anonymously and is told why once', async (_case, identify, why) => {
    const { payload, failed } = await seenByAdmin(identify);
    expect(payload).not.toHaveProperty('name');
    await until(() => failed.length >= 1, 'identify failed arrives');
    expect(failed).toEqual([{ code: 'identify failed', message: expect.stringMatching(why) }]);
  });
});
