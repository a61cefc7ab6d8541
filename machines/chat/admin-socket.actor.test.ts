import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { NewOrderPayload } from '../../contracts/chat.ts';
import { fakeSockets } from '../testing/fake-chat-socket.ts';
import { adminChatMachine, visibleRooms } from './admin-chat.machine.ts';
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

  it('when the connection comes back without recovery, then each room replays what it missed, once and in order', async () => {
    const { ctx, fromCustomer, socket } = await start();
    fromCustomer('sock-1', 'first', 1);
    socket.answers['chat replay'] = () => ({ ok: true, messages: [{ id: 2, from: 'client', text: 'second' }] });
    socket.drop();
    socket.open(false);
    expect(socket.sent('chat replay')).toEqual([[{ after: 1, room: 'sock-1' }]]);
    fromCustomer('sock-1', 'second', 2);
    expect(ctx().rooms[0]?.messages).toEqual([{ client: 'first' }, { client: 'second' }]);
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
    const order = socket.emitted.map((e) => e.event).filter((e) => e !== 'chat replay');
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
});
