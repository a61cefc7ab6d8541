import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ChatConversationsAck, ChatReplayAck, ClientToAdminPayload, DisconnectedPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import type { ChatTranscriptPage } from '#contracts/chat-history.ts';
import { SCREEN_EVENTS, type ScreenToAdmin, type SharedScreen } from '#contracts/shared-screen.ts';
import { createApi } from '../app.ts';
import type { Db } from '../db/types.ts';
import { authedAt } from '../testing/api-harness.ts';
import { createRealtimeHub } from './hub.ts';
import {
  ack,
  collect,
  comeBack,
  connect,
  connectAdmin,
  cutClientSide,
  cutServerSide,
  holdOffline,
  hubTestApi,
  say,
  until,
} from '../testing/sockets.ts';

// Short, so the "stayed away" case ends soon; far longer than a local reconnection takes.
const WINDOW_MS = 2000;
const live = hubTestApi({ hub: { recoveryWindowMs: WINDOW_MS } });

const cutFromClient = (socket: Socket) => cutClientSide(live.hub, socket);
const cutFromServer = (socket: Socket) => cutServerSide(live.hub, socket);

const chatting = async () => {
  const admin = await connectAdmin(live.t);
  live.track(admin.socket);
  const atAdmin = collect<ClientToAdminPayload>(admin.socket, SOCKET_EVENTS.serverToAdmin);
  const customer = live.track(await connect(live.t.url));
  const atCustomer = collect<string>(customer, SOCKET_EVENTS.serverToClient);
  await say(customer, 'hello');
  await until(() => atAdmin.length === 1, 'the conversation is open');
  return { admin: admin.socket, atAdmin, customer, atCustomer };
};

describe('realtime hub: no message lost', () => {
  it('when the customer connection is cut, then messages sent both ways meanwhile arrive once, in order, in the same room', async () => {
    const { admin, atAdmin, customer, atCustomer } = await chatting();
    const room = customer.id;
    holdOffline(customer);
    await cutFromClient(customer);

    for (const n of [1, 2, 3]) admin.emit(SOCKET_EVENTS.adminSendsMessage, { user: room, message: `admin ${n}` });
    for (const n of [1, 2]) customer.emit(SOCKET_EVENTS.clientSendsMessage, `customer ${n}`);
    await ack(admin, CHAT_EVENTS.replay, { after: 0, room }); // the admin's three are in

    await comeBack(customer);
    expect(customer.recovered).toBe(true);
    expect(customer.id).toBe(room);
    await until(() => atCustomer.length === 3 && atAdmin.length === 3, 'both sides have caught up');
    await ack(customer, CHAT_EVENTS.replay, { after: 0 }); // anything duplicated would be here by now
    expect(atCustomer).toEqual(['admin 1', 'admin 2', 'admin 3']);
    expect(atAdmin.map((m) => [m.user, m.message])).toEqual([
      [room, 'hello'],
      [room, 'customer 1'],
      [room, 'customer 2'],
    ]);
  });

  it('when the admin connection is cut by the server side, then messages sent both ways meanwhile arrive once, in order', async () => {
    const { admin, atAdmin, customer, atCustomer } = await chatting();
    const room = customer.id!;
    const adminId = admin.id;
    holdOffline(admin);
    await cutFromServer(admin);

    for (const n of [1, 2, 3]) expect((await say(customer, `customer ${n}`)).ok).toBe(true);
    for (const n of [1, 2]) admin.emit(SOCKET_EVENTS.adminSendsMessage, { user: room, message: `admin ${n}` });

    await comeBack(admin);
    expect(admin.recovered).toBe(true);
    expect(admin.id).toBe(adminId);
    await until(() => atAdmin.length === 4 && atCustomer.length === 2, 'both sides have caught up');
    await ack(admin, CHAT_EVENTS.replay, { after: 0, room });
    expect(atAdmin.map((m) => m.message)).toEqual(['hello', 'customer 1', 'customer 2', 'customer 3']);
    expect(atAdmin.map((m) => m.id)).toEqual([...atAdmin.map((m) => m.id)].sort((a, b) => a - b));
    expect(atCustomer).toEqual(['admin 1', 'admin 2']);
  });

  it('when the admin is away while a shopper shows their screen and stops, then nothing of the screen waited for the admin: the recovered connection gets none and the list has none', async () => {
    const { admin, customer } = await chatting();
    const shown = collect<ScreenToAdmin>(admin, SCREEN_EVENTS.shown);
    holdOffline(admin);
    await cutFromServer(admin);

    const screen: SharedScreen = { path: '/checkout', title: 'Checkout', signedInAs: null, cart: [], step: null, error: null, events: [] };
    expect(await ack(customer, SCREEN_EVENTS.share, { on: true })).toEqual({ ok: true });
    expect(await ack(customer, SCREEN_EVENTS.update, screen)).toEqual({ ok: true });
    expect(await ack(customer, SCREEN_EVENTS.share, { on: false })).toEqual({ ok: true });

    await comeBack(admin);
    expect(admin.recovered).toBe(true);
    // What recovery redelivers comes first on the connection, before any answer to what is sent after it.
    expect(await ack(admin, SOCKET_EVENTS.adminConnected, 'admin-back')).toEqual({ ok: true });
    expect(await ack(admin, SCREEN_EVENTS.list, {})).toEqual({ ok: true, screens: [] });
    expect(shown).toEqual([]);
  });

  it('when a client asks for replay after its last seen id, then it gets exactly the later messages of its conversation', async () => {
    const { admin, customer } = await chatting();
    const room = customer.id!;
    await ack(admin, SOCKET_EVENTS.adminSendsMessage, { user: room, message: 'one' });
    await say(customer, 'two');
    await ack(admin, SOCKET_EVENTS.adminSendsMessage, { user: room, message: 'three' });
    const mine = (await ack(customer, CHAT_EVENTS.replay, { after: 2 })) as ChatReplayAck;
    expect(mine).toEqual({
      ok: true,
      messages: [
        { id: 3, from: 'client', text: 'two' },
        { id: 4, from: 'admin', text: 'three' },
      ],
    });
    const theirs = (await ack(admin, CHAT_EVENTS.replay, { after: 0, room })) as ChatReplayAck;
    expect(theirs.ok && theirs.messages.map((m) => m.text)).toEqual(['hello', 'one', 'two', 'three']);
    const stranger = live.track(await connect(live.t.url));
    expect(await ack(stranger, CHAT_EVENTS.replay, { after: 0, room })).toEqual({ ok: true, messages: [] });
  });

  it('when a customer comes back within the window, then admins never hear it left; one who stays away is announced after it, to admins only', async () => {
    const { admin, customer } = await chatting();
    const leftAtAdmin = collect<DisconnectedPayload>(admin, SOCKET_EVENTS.disconnected);
    const bystander = live.track(await connect(live.t.url));
    const leftAtBystander = collect(bystander, SOCKET_EVENTS.disconnected);

    holdOffline(customer);
    await cutFromClient(customer);
    await comeBack(customer);
    expect(customer.recovered).toBe(true);

    // A visitor who never wrote has no room on any admin's screen: their leaving is not announced.
    const silent = live.track(await connect(live.t.url));
    const silentId = silent.id!;
    silent.disconnect();
    await until(() => !live.hub.of('/').sockets.has(silentId), 'the silent visitor is gone');

    const leaver = live.track(await connect(live.t.url));
    const leaverId = leaver.id!;
    await say(leaver, 'bye soon');
    holdOffline(leaver);
    await cutFromClient(leaver);
    expect(leftAtAdmin).toEqual([]);
    // Timers fire in order: had the returning customer's departure not been cancelled, it would come first.
    await until(() => leftAtAdmin.length === 1, 'the leaver is announced', WINDOW_MS + 10_000);
    expect(leftAtAdmin).toEqual([{ reason: 'transport close', socketId: leaverId }]);
    await ack(bystander, CHAT_EVENTS.replay, { after: 0 });
    expect(leftAtBystander).toEqual([]);
  });

  it('when the API stops and starts again, then the unanswered question is still there: the admin lists it, the customer replays it', async () => {
    // An API of its own on the test's database, stopped and started as its process would be.
    const apiOnce = () => createApi({ db: live.t.db, config: live.t.config, attachments: [createRealtimeHub()] });
    const first = apiOnce();
    const { url } = await first.start(0, '127.0.0.1');
    const { token } = await live.t.register({ name: 'Rita', lastName: 'Restart' });
    const before = await connect(url, { token, auth: { keep: true } });
    expect(await say(before, 'Is my order 1234 on its way?')).toEqual({ ok: true, id: 1 });
    // The API stops under the customer's open socket, as a restart does. A disconnect of the page's
    // own first is a customer leaving on purpose, which ends the conversation: when the hub heard it
    // before stopping (on PostgreSQL, once), the question was gone for a reason of its own.
    await first.stop();
    before.disconnect();

    const second = apiOnce();
    const { url: again } = await second.start(0, '127.0.0.1');
    try {
      const desk = await connectAdmin(live.t, again);
      const listed = (await ack(desk.socket, CHAT_EVENTS.conversations)) as unknown as ChatConversationsAck;
      expect(listed.ok && listed.conversations.find((c) => c.name === 'Rita Restart')).toMatchObject({
        messages: [{ id: 1, from: 'client', text: 'Is my order 1234 on its way?' }],
      });
      const after = await connect(again, { token, auth: { keep: true } });
      expect(await ack(after, CHAT_EVENTS.replay, { after: 0 })).toEqual({
        ok: true,
        messages: [{ id: 1, from: 'client', text: 'Is my order 1234 on its way?' }],
      });
      desk.socket.disconnect();
      after.disconnect();
    } finally {
      await second.stop();
    }
  });

  it('when the API dies while its shopper shares their screen, then its next start still writes the line `Shared screen from … to …`', async () => {
    // The first run's database answers nothing once it has died: what it would write at its end never arrives.
    let dead = false;
    const dying = new Proxy(live.t.db, {
      get(db, key) {
        if (dead && (key === 'query' || key === 'transaction')) return () => Promise.reject(new Error('this run has died'));
        const value: unknown = Reflect.get(db, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
      },
    }) as Db;
    const apiOn = (db: Db) => createApi({ db, config: live.t.config, attachments: [createRealtimeHub()] });
    const first = apiOn(dying);
    const { url } = await first.start(0, '127.0.0.1');
    const { token } = await live.t.register({ name: 'Sam', lastName: 'Sharer' });
    const shopper = await connect(url, { token, auth: { keep: true } });
    const began = Date.now();
    expect(await say(shopper, 'The pay button does nothing')).toEqual({ ok: true, id: 1 });
    expect(await ack(shopper, SCREEN_EVENTS.share, { on: true })).toEqual({ ok: true });
    dead = true;
    await first.stop();
    shopper.disconnect();

    const second = apiOn(live.t.db);
    const { url: again } = await second.start(0, '127.0.0.1');
    try {
      const desk = await connectAdmin(live.t, again);
      const listed = (await ack(desk.socket, CHAT_EVENTS.conversations)) as unknown as ChatConversationsAck;
      const room = listed.ok ? listed.conversations.find((c) => c.name === 'Sam Sharer')?.user : undefined;
      expect(await ack(desk.socket, SOCKET_EVENTS.adminClosesChat, { roomId: room })).toEqual({ ok: true });
      desk.socket.disconnect();
      const found = (await (await authedAt(again)(desk.token)('/api/chats/history?q=Sam%20Sharer')).json()) as ChatTranscriptPage;
      const line = found.transcripts[0]?.messages.find((m) => m.from === 'screen') as
        { text: string; since: string; at: string } | undefined;
      // It ends where the screen was last seen (its start here: no sweep ran before the crash).
      expect(line).toMatchObject({ text: expect.stringMatching(/^Shared screen from \d\d:\d\d UTC to \d\d:\d\d UTC$/) });
      const [since, end] = [Date.parse(line!.since), Date.parse(line!.at)];
      expect(since).toBeGreaterThanOrEqual(began - 1000);
      expect(end).toBeGreaterThanOrEqual(since);
    } finally {
      await second.stop();
    }
  });
});
