import { describe, expect, it } from 'vitest';
import type { ClientToAdminPayload, DisconnectedPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { ack, collect, connect, connectAdmin, cutClientSide, holdOffline, hubTestApi, say, until } from '../testing/sockets.ts';

/**
 * Conversations the hub keeps for a customer who asks (`auth.keep`), by their session here
 * (decision 013; the guest cookie and partner cases are in bff/proxy/chat-through-bff.test.ts). The 30
 * minutes a conversation waits for its customer are 600 ms here, the sweep runs every 50 ms:
 * the tests wait on what admins hear, never on the clock (the rule itself is timed with fake
 * timers in conversations.test.ts).
 */
const GONE_MS = 600;
const live = hubTestApi({ hub: { customerGoneMs: GONE_MS, sweepMs: 50 } });

/** A logged-in customer's session: the proof their conversation is kept by. */
const newConversation = async () => (await live.t.register()).token;
const shopper = async (token: string) => live.track(await connect(live.t.url, { token, auth: { keep: true } }));
const admin = async () => {
  const a = await connectAdmin(live.t);
  live.track(a.socket);
  return {
    ...a,
    heard: collect<ClientToAdminPayload>(a.socket, SOCKET_EVENTS.serverToAdmin),
    left: collect<DisconnectedPayload>(a.socket, SOCKET_EVENTS.disconnected),
  };
};

describe('realtime hub: conversations the browser keeps', () => {
  it('when the customer reloads, then the new page is in the same conversation: its history, and the replies that come next', async () => {
    const desk = await admin();
    const session = await newConversation();
    const before = await shopper(session);
    await say(before, 'Do you gift wrap?');
    await until(() => desk.heard.length === 1, 'the admin has the question');
    expect(desk.heard[0]).toMatchObject({ message: 'Do you gift wrap?' });
    const conversation = desk.heard[0]!.user;
    // An id the hub issued (128 random bits), not the socket's.
    expect(conversation).toMatch(/^[A-Za-z0-9_-]{22}$/);

    holdOffline(before);
    await cutClientSide(live.hub, before);
    const after = await shopper(session);
    const replies = collect<string>(after, SOCKET_EVENTS.serverToClient);
    await ack(desk.socket, SOCKET_EVENTS.adminSendsMessage, { user: conversation, message: 'Yes, for free' });
    await until(() => replies.length === 1, 'the reloaded page has the answer');
    expect(await ack(after, CHAT_EVENTS.replay, { after: 0 })).toEqual({
      ok: true,
      messages: [
        { id: 1, from: 'client', text: 'Do you gift wrap?' },
        { id: 2, from: 'admin', text: 'Yes, for free' },
      ],
    });
    expect(await say(after, 'Thanks')).toEqual({ ok: true, id: 3 });
    expect(desk.left).toEqual([]);
  });

  it('when the customer stays away, then the conversation ends and admins hear it; one still connected goes on', async () => {
    const desk = await admin();
    const away = await shopper(await newConversation());
    const here = await shopper(await newConversation());
    await say(away, 'Back in a bit');
    await until(() => desk.heard.length === 1, 'the admin has the first');
    await say(here, 'I am still here');
    await until(() => desk.heard.length === 2, 'the admin has both');
    const [leaving, staying] = desk.heard.map((m) => m.user);

    holdOffline(away);
    await cutClientSide(live.hub, away);
    await until(() => desk.left.length === 1, 'the admin hears the absent customer is gone', 10_000);
    expect(desk.left[0]).toEqual({ reason: 'customer gone', socketId: leaving });
    // The connected customer's conversation is as old, so it would have ended in the same sweep had it not been seen.
    const listed = await ack(desk.socket, CHAT_EVENTS.conversations);
    expect(listed).toMatchObject({ ok: true, conversations: [{ user: staying }] });
    expect(await ack(desk.socket, SOCKET_EVENTS.adminSendsMessage, { user: staying, message: 'Good' })).toMatchObject({ ok: true });
    expect(await ack(desk.socket, SOCKET_EVENTS.adminSendsMessage, { user: leaving, message: 'Hello?' })).toMatchObject({
      ok: false,
      code: 'no conversation',
    });
  });

  it('when the page lets go of its conversation on purpose (a kiosk reset), then it ends at once unless another tab still holds it', async () => {
    const desk = await admin();
    const session = await newConversation();
    const tab1 = await shopper(session);
    const tab2 = await shopper(session);
    await say(tab1, 'Two tabs open');
    await until(() => desk.heard.length === 1, 'the admin has it');
    const conversation = desk.heard[0]!.user;

    tab1.disconnect();
    // The other tab still holds it: a message to it is delivered there.
    const atTab2 = collect<string>(tab2, SOCKET_EVENTS.serverToClient);
    expect(await ack(desk.socket, SOCKET_EVENTS.adminSendsMessage, { user: conversation, message: 'Still here?' })).toMatchObject({
      ok: true,
    });
    await until(() => atTab2.length === 1, 'the other tab has the reply');
    tab2.disconnect();
    await until(() => desk.left.length === 1, 'the admin hears the conversation ended');
    expect(desk.left[0]).toEqual({ reason: 'client namespace disconnect', socketId: conversation });
  });

  it('when a socket without a session names a conversation id, then the id is ignored: it reads and writes only its own', async () => {
    const desk = await admin();
    const owner = await shopper(await newConversation());
    await say(owner, 'My order number is 1234');
    await until(() => desk.heard.length === 1, 'the admin has it');
    const theirs = desk.heard[0]!.user;
    const stranger = live.track(await connect(live.t.url, { auth: { conversation: theirs, keep: true } }));
    expect(await ack(stranger, CHAT_EVENTS.replay, { after: 0 })).toEqual({ ok: true, messages: [] });
    await say(stranger, 'hi');
    await until(() => desk.heard.length === 2, 'the admin has it');
    // A conversation of its own, which the hub issued with a visitor token for next time.
    expect(desk.heard[1]!.user).not.toBe(theirs);
  });
});
