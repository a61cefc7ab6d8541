import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { NewOrderPayload } from '#contracts/chat.ts';
import { fakeSockets } from '../testing/fake-chat-socket.ts';
import { adminChatMachine, heldByOther, visibleRooms } from './admin-chat.machine.ts';
import { ADMIN_CHAT_UNREACHABLE, adminSocketActor } from './admin-socket.actor.ts';

const start = async () => {
  const server = fakeSockets();
  const actor = createActor(adminChatMachine.provide({ actors: { socket: adminSocketActor({ open: server.factory }) } }));
  const orders: NewOrderPayload[] = [];
  actor.on('admin.newOrder', ({ order }) => orders.push(order));
  actor.start();
  const socket = await vi.waitFor(() => server.latest());
  socket.open();
  const fromCustomer = (user: string, message: string, id: number, name?: string) =>
    socket.serverEmit('server sends message from client to admin', { user, message, id, ...(name ? { name } : {}) });
  return { actor, server, socket, orders, fromCustomer, ctx: () => actor.getSnapshot().context };
};

describe('the admin session socket actor', () => {
  it('when it connects, then it announces the admin once and the machine is online', async () => {
    const { actor, socket } = await start();
    expect(socket.sent('admin connected with server')).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
  });

  it('when a named customer writes, then the room opens with the name; a closed panel returns when they write again', async () => {
    const { actor, ctx, fromCustomer, socket } = await start();
    fromCustomer('sock-1', 'Hello', 1, 'John Doe');
    expect(ctx().names).toEqual({ 'sock-1': 'John Doe' });
    actor.send({ type: 'admin.closeChat', user: 'sock-1' });
    expect(socket.sent('admin closes chat')).toEqual([[{ roomId: 'sock-1' }]]);
    expect(visibleRooms(ctx())).toEqual([]);
    fromCustomer('sock-1', 'One more thing', 2);
    expect(visibleRooms(ctx()).map((r) => r.messages.length)).toEqual([2]);
    socket.serverEmit('disconnected', { reason: 'transport close', socketId: 'sock-1' });
    expect(ctx()).toMatchObject({ rooms: [], names: {}, closedAt: {} });
  });

  it("when 'newOrder' arrives on the admin's socket, then the machine passes it on to its listeners; malformed ones are dropped", async () => {
    const { socket, orders } = await start();
    const order = { _id: 'o1', createdAt: '2026-11-27T10:00:00Z', orderTotal: { cartSubtotal: 12 } };
    socket.serverEmit('newOrder', order);
    socket.serverEmit('newOrder', { _id: 'bad' });
    expect(orders).toEqual([order]);
  });

  it('when the hub refuses a reply, then its reason shows until dismissed or a later send succeeds', async () => {
    const { actor, ctx, fromCustomer, socket } = await start();
    fromCustomer('sock-1', 'Hi', 1);
    socket.answers['admin sends message'] = () => ({ ok: false, code: 'too long', message: 'The message is too long' });
    actor.send({ type: 'admin.send', user: 'sock-1', message: 'x' });
    expect(ctx().notice).toBe('The message is too long');
    actor.send({ type: 'admin.dismissNotice' });
    expect(ctx().notice).toBeNull();
  });

  it("when the connection comes back without recovery, then the rooms are the hub's list, with what arrived meanwhile once and in order", async () => {
    const { ctx, fromCustomer, socket } = await start();
    fromCustomer('sock-1', 'first', 1);
    socket.answers['chat conversations'] = () => undefined;
    socket.drop();
    socket.open(false);
    expect(socket.sent('chat conversations')).toHaveLength(2);
    // The list is on its way: a message arriving now waits for it rather than being overwritten.
    fromCustomer('sock-1', 'third', 3);
    fromCustomer('sock-2', 'new here', 1, 'Ann Lee');
    socket.answerLater('chat conversations', {
      ok: true,
      you: 'admin-1',
      conversations: [
        {
          user: 'sock-1',
          messages: [
            { id: 1, from: 'client', text: 'first' },
            { id: 2, from: 'client', text: 'second' },
          ],
        },
      ],
    });
    expect(ctx().rooms).toEqual([
      { user: 'sock-1', messages: [{ client: 'first' }, { client: 'second' }, { client: 'third' }] },
      { user: 'sock-2', messages: [{ client: 'new here' }] },
    ]);
    fromCustomer('sock-1', 'second', 2);
    expect(ctx().rooms[0]?.messages).toHaveLength(3);
    expect(ctx().names).toEqual({ 'sock-2': 'Ann Lee' });
  });

  it('when the page opens, then it shows every open conversation with its holder, and the unread dot if a customer waits', async () => {
    const server = fakeSockets();
    const actor = createActor(adminChatMachine.provide({ actors: { socket: adminSocketActor({ open: server.factory }) } })).start();
    const socket = await vi.waitFor(() => server.latest());
    socket.answers['chat conversations'] = () => ({
      ok: true,
      you: 'me',
      conversations: [
        { user: 'conv-a', name: 'Ann Lee', messages: [{ id: 1, from: 'client', text: 'Hello?' }] },
        {
          user: 'conv-b',
          takenBy: { id: 'bob', name: 'Bob Admin' },
          messages: [
            { id: 1, from: 'client', text: 'Hi' },
            { id: 2, from: 'admin', text: 'Bob here' },
          ],
        },
      ],
    });
    socket.open();
    const ctx = actor.getSnapshot().context;
    expect(ctx.rooms.map((r) => r.user)).toEqual(['conv-a', 'conv-b']);
    expect(ctx.messageReceived).toBe(true);
    expect(heldByOther(ctx, 'conv-b')).toEqual({ id: 'bob', name: 'Bob Admin' });
    // A colleague's conversation is read here, not answered or closed.
    actor.send({ type: 'admin.send', user: 'conv-b', message: 'me too' });
    actor.send({ type: 'admin.closeChat', user: 'conv-b' });
    expect(socket.sent('admin sends message')).toEqual([]);
    expect(socket.sent('admin closes chat')).toEqual([]);
  });

  it('when another admin answers, then the answer shows once with who holds the conversation', async () => {
    const { ctx, fromCustomer, socket } = await start();
    fromCustomer('conv-a', 'Hello?', 1);
    const answered = { user: 'conv-a', message: 'Bob here', id: 2, by: { id: 'bob', name: 'Bob Admin' } };
    socket.serverEmit('chat answered', answered);
    socket.serverEmit('chat answered', answered);
    expect(ctx().rooms[0]?.messages).toEqual([{ client: 'Hello?' }, { admin: 'Bob here' }]);
    expect(heldByOther(ctx(), 'conv-a')).toEqual({ id: 'bob', name: 'Bob Admin' });
  });

  it('when the connection drops before a reply is answered, then after the admin is announced again it goes again with the same id, once', async () => {
    const { actor, fromCustomer, socket } = await start();
    fromCustomer('sock-1', 'Hi', 1);
    socket.answers['admin sends message'] = () => undefined;
    actor.send({ type: 'admin.send', user: 'sock-1', message: 'Hello, how can I help?' });
    actor.send({ type: 'admin.send', user: 'sock-1', message: 'Are you there?' });
    socket.drop();
    delete socket.answers['admin sends message'];
    socket.open(true);
    const order = socket.emitted.map((e) => e.event).filter((e) => e !== 'chat conversations' && e !== 'screen list');
    expect(order).toEqual([
      'admin connected with server',
      'admin sends message',
      'admin connected with server',
      'admin sends message',
      'admin sends message',
    ]);
    const sent = socket.sent('admin sends message');
    expect(sent.map((a) => (a[0] as { message: string }).message)).toEqual([
      'Hello, how can I help?',
      'Hello, how can I help?',
      'Are you there?',
    ]);
    expect(sent[1]![1]).toBe(sent[0]![1]);
    expect(sent[2]![1]).not.toBe(sent[0]![1]);
  });

  it('when the socket cannot be opened, then the admin is told to reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const actor = createActor(
      adminChatMachine.provide({ actors: { socket: adminSocketActor({ open: () => Promise.reject(new Error('offline')) }) } }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe(ADMIN_CHAT_UNREACHABLE));
  });

  it('when the admin page lists the conversations, then it also gets the screens shared now; a shopper who stops clears theirs', async () => {
    const { actor, socket } = await start();
    const screen = { path: '/cart', title: 'Cart', signedInAs: 'Ann', cart: [], step: null, error: null, events: [] };
    socket.answers['screen list'] = () => ({ ok: true, screens: [{ user: 's1', screen }] });
    socket.drop();
    socket.open(false);
    await vi.waitFor(() => expect(actor.getSnapshot().context.screens).toEqual({ s1: screen }));
    socket.serverEmit('screen shown', { user: 's1', screen: null });
    expect(actor.getSnapshot().context.screens).toEqual({});
  });
  it('when the connection comes back recovered, then the screens are asked again: one that stopped meanwhile clears, a new one shows, each screen is acknowledged', async () => {
    const { actor, socket } = await start();
    const screen = (path: string) => ({ path, title: path, signedInAs: null, cart: [], step: null, error: null, events: [] });
    const received = vi.fn();
    socket.serverEmit('screen shown', { user: 's1', screen: screen('/cart') }, received);
    expect(received).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.screens).toEqual({ s1: screen('/cart') });
    // The hub does not keep screens for a recovered connection: what changed comes from the list.
    socket.answers['screen list'] = () => ({ ok: true, screens: [{ user: 's2', screen: screen('/checkout') }] });
    socket.drop();
    socket.open(true);
    expect(socket.sent('chat conversations')).toHaveLength(1);
    await vi.waitFor(() => expect(actor.getSnapshot().context.screens).toEqual({ s2: screen('/checkout') }));
  });
  it('when the connection drops while the list is on its way and comes back recovered, then the list is asked again and later messages show', async () => {
    const { ctx, fromCustomer, socket } = await start();
    socket.answers['chat conversations'] = () => undefined;
    socket.drop();
    socket.open(false);
    // The list's answer is lost with the connection (socket.io drops acks on a disconnect).
    socket.drop();
    socket.answers['chat conversations'] = () => ({
      ok: true,
      you: 'admin-1',
      conversations: [{ user: 'sock-1', messages: [{ id: 1, from: 'client', text: 'waiting' }] }],
    });
    socket.open(true);
    expect(socket.sent('chat conversations')).toHaveLength(3);
    fromCustomer('sock-1', 'The 15 inch one', 2);
    expect(ctx().rooms).toEqual([{ user: 'sock-1', messages: [{ client: 'waiting' }, { client: 'The 15 inch one' }] }]);
  });

  it('when the hub refuses the connection, then the admin is told why and it connects again by itself', async () => {
    vi.useFakeTimers();
    try {
      const { ctx, socket } = await start();
      socket.drop();
      socket.refuse('The chat is unavailable right now. Please try again in a moment.');
      expect(ctx().notice).toBe('The chat is unavailable right now. Please try again in a moment.');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(socket.reconnects).toBeGreaterThan(0);
      socket.open(false);
      expect(ctx().notice).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
