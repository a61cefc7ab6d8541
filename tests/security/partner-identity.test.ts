import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ChatError, ChatIdentify, ChatVisitorPayload, ClientToAdminPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { signIdentity, signIdentityV1 } from '../../api/realtime/identify.ts';
import { ack, chatPair, collect, hubTestApi, say, until } from '../../api/testing/sockets.ts';
import { bffSession, cookieFrom, startTestBff } from '../../bff/testing/bff-harness.ts';
import { adminViaBff, connectViaBff, openViaBff, type ViaBffOptions } from '../../bff/testing/chat-clients.ts';

// A partner page's visitor, through the BFF's public port as a browser on the partner's origin;
// and who may read a support conversation (decision 013), the shop's own pages beside partners'.
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
  let failed: ChatError[] = [];
  const { atAdmin } = await chatPair(
    async () => live.track(await adminViaBff(live.t, live.front)),
    async () => {
      const visitor = await partnerVisitor(identify);
      failed = visitor.failed;
      return visitor.socket;
    },
    'hello from the partner site',
  );
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
    // Anonymous: the admin's card names a numbered guest (decision 018), never the identity's name.
    expect(payload).toMatchObject({ name: expect.stringMatching(/^Guest \d+$/) });
    await until(() => failed.length >= 1, 'identify failed arrives');
    expect(failed).toEqual([{ code: 'identify failed', message: expect.stringMatching(why) }]);
  });
});

/** A chat socket through the BFF, let go after the test. */
const chatter = async (options: ViaBffOptions) => live.track(await connectViaBff(live.front, options));
const replayed = async (socket: Awaited<ReturnType<typeof chatter>>) =>
  ((await ack(socket, CHAT_EVENTS.replay, { after: 0 })) as unknown as { messages: Array<{ text: string }> }).messages.map((m) => m.text);

describe('security: a support conversation is its owner’s, through the BFF', () => {
  /** John chats from the shop's page, his page sending the id pages kept before decision 013. */
  const johnChats = async () => {
    const desk = await adminViaBff(live.t, live.front);
    live.track(desk);
    const atDesk = collect<ClientToAdminPayload>(desk, SOCKET_EVENTS.serverToAdmin);
    const cookie = await bffSession(live.t, live.front);
    const john = await chatter({ cookie, auth: { keep: true, conversation: 'johns-own-kept-id-0123456789' } });
    await say(john, 'My address is 5 Elm Street');
    await until(() => atDesk.length === 1, 'the admin has john’s message');
    // What an admin screen, a log or a shoulder-surfer learns of john's conversation.
    return { desk, atDesk, cookie, john, id: atDesk[0]!.user };
  };

  it('when a guest, another customer and a partner page present john’s conversation id, then none reads, hears or writes into it; john’s second tab and reload do', async () => {
    const { desk, atDesk, cookie, john, id } = await johnChats();
    const auth = { keep: true, conversation: id };
    const strangers = [
      await chatter({ auth }),
      await chatter({ auth, cookie: await bffSession(live.t, live.front) }),
      await chatter({ auth, origin: PARTNER }),
    ];
    const overheard = strangers.map((s) => collect<string>(s, SOCKET_EVENTS.serverToClient));
    for (const s of strangers) expect(await replayed(s)).toEqual([]);
    for (const [n, s] of strangers.entries()) await say(s, `stranger ${n}`);
    await until(() => atDesk.length === 4, 'the admin has the strangers’ messages');
    // Each wrote into a conversation of its own, none into john's.
    expect(new Set(atDesk.map((m) => m.user)).size).toBe(4);

    const secondTab = await chatter({ cookie, auth: { keep: true } });
    const atJohn = collect<string>(secondTab, SOCKET_EVENTS.serverToClient);
    expect(await ack(desk, SOCKET_EVENTS.adminSendsMessage, { user: id, message: 'Noted, John' })).toMatchObject({ ok: true });
    await until(() => atJohn.length === 1, 'john’s second tab hears the reply');
    expect(overheard).toEqual([[], [], []]);
    john.disconnect();
    const reloaded = await chatter({ cookie, auth: { keep: true } });
    expect(await replayed(reloaded)).toEqual(['My address is 5 Elm Street', 'Noted, John']);
  });

  it('when a guest on the shop’s pages opens another tab, then the chat cookie brings their conversation there, and only there', async () => {
    const handshake = await fetch(`${live.front.url}/socket.io/?EIO=4&transport=polling`);
    const cookie = cookieFrom(handshake);
    expect(handshake.headers.getSetCookie()[0]).toMatch(/^sf_chat=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const guest = await chatter({ cookie, auth: { keep: true } });
    await say(guest, 'Do you ship abroad?');
    expect(await replayed(await chatter({ cookie, auth: { keep: true } }))).toEqual(['Do you ship abroad?']);
    expect(await replayed(await chatter({ auth: { keep: true } }))).toEqual([]);
    // A logout (the kiosk's reset logs out too) drops the cookie: the next guest starts afresh.
    const out = await fetch(`${live.front.url}/api/logout`, { headers: { cookie } });
    expect(out.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^sf_chat=; Max-Age=0;/));
  });

  it('when an anonymous partner visitor reloads, then the token the shop gave the widget brings back their conversation, and only to them', async () => {
    const first = live.track(openViaBff(live.front, { origin: PARTNER, auth: { keep: true } }));
    const given = collect<ChatVisitorPayload>(first, CHAT_EVENTS.visitor);
    await until(() => given.length === 1, 'the widget is given its token');
    await say(first, 'Is the tent waterproof?');
    const token = given[0]!.token;
    const again = await chatter({ origin: PARTNER, auth: { keep: true, visitor: token } });
    expect(await replayed(again)).toEqual(['Is the tent waterproof?']);
    expect(
      await replayed(
        await chatter({ origin: PARTNER, auth: { keep: true, visitor: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') } }),
      ),
    ).toEqual([]);
  });

  it.each(['websocket', 'polling'] as const)(
    'when a partner page’s %s socket carries an admin’s shop cookie, then it is a partner visitor: no admin rights, no account',
    async (transport) => {
      const desk = await adminViaBff(live.t, live.front);
      live.track(desk);
      const atDesk = collect<ClientToAdminPayload>(desk, SOCKET_EVENTS.serverToAdmin);
      const cookie = await bffSession(live.t, live.front, { admin: true });
      const socket = await chatter({ cookie, origin: PARTNER, transport });
      expect(await ack(socket, SOCKET_EVENTS.adminConnected, 'admin-1')).toMatchObject({ ok: false, code: 'not admin' });
      expect(await ack(socket, CHAT_EVENTS.conversations)).toMatchObject({ ok: false, code: 'not admin' });
      await say(socket, 'hello from the partner site');
      await until(() => atDesk.length === 1, 'the admin has the message');
      // No account behind it: the admin sees a numbered guest (decision 018), not the cookie's name.
      expect(atDesk[0]).toMatchObject({ name: expect.stringMatching(/^Guest \d+$/) });
    },
  );
});
