import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { adminChatMachine, type AdminSocketCommand } from './admin-chat.machine.ts';
import type { ChatSocketOptions } from './customer-chat.machine.ts';

const start = () => {
  const control = createControl();
  const actor = createActor(
    adminChatMachine.provide({ actors: { socket: control.callback<AdminSocketCommand, { options: ChatSocketOptions }>() } }),
  );
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  actor.send({ type: 'admin.connected' });
  const sent = () => control.received.map((r) => r.event);
  return { actor, control, emitted, sent, ctx: () => actor.getSnapshot().context, snap: () => actor.getSnapshot() };
};

describe('admin chat machine', () => {
  it('when the admin session connects, then it tries a websocket first, so a closed tab leaves the hub at once', () => {
    const { control } = start();
    expect(control.started).toEqual([
      {
        id: 'socket',
        input: { options: expect.objectContaining({ reconnectionDelay: 1000, timeout: 20_000, transports: ['websocket', 'polling'] }) },
      },
    ]);
  });

  it('when a customer writes, then the message opens or extends that socket room, sets unread and plays a sound', () => {
    const { actor, ctx, emitted } = start();
    actor.send({ type: 'admin.clientMessage', user: 's1', message: 'hi' });
    actor.send({ type: 'admin.clientMessage', user: 's2', message: 'yo' });
    actor.send({ type: 'admin.clientMessage', user: 's1', message: 'there?' });
    expect(ctx().rooms).toEqual([
      { user: 's1', messages: [{ client: 'hi' }, { client: 'there?' }] },
      { user: 's2', messages: [{ client: 'yo' }] },
    ]);
    expect(ctx().messageReceived).toBe(true);
    expect(emitted).toHaveLength(3);
  });

  it('when the admin replies, then the reply is appended, sent and unread cleared; blank replies are not', () => {
    const { actor, ctx, sent } = start();
    actor.send({ type: 'admin.clientMessage', user: 's1', message: 'hi' });
    actor.send({ type: 'admin.send', user: 's1', message: '  ' });
    expect(sent()).toEqual([]);
    actor.send({ type: 'admin.send', user: 's1', message: 'hello' });
    expect(ctx().rooms[0]?.messages).toEqual([{ client: 'hi' }, { admin: 'hello' }]);
    expect(ctx().messageReceived).toBe(false);
    expect(sent()).toEqual([{ type: 'send', user: 's1', message: 'hello' }]);
  });

  it('when a customer disconnects, then that room is removed by socket id', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'admin.clientMessage', user: 's1', message: 'hi' });
    actor.send({ type: 'admin.clientMessage', user: 's2', message: 'yo' });
    actor.send({ type: 'admin.clientDisconnected', socketId: 's1' });
    expect(ctx().rooms.map((r) => r.user)).toEqual(['s2']);
  });

  it('when the admin closes a room toast, then the server is told with its room id', () => {
    const { actor, sent } = start();
    actor.send({ type: 'admin.clientMessage', user: 's1', message: 'hi' });
    actor.send({ type: 'admin.closeChat', user: 's1' });
    actor.send({ type: 'admin.closeChat', user: 'nobody' });
    expect(sent()).toEqual([{ type: 'close', roomId: 's1' }]);
  });

  it('when the socket drops, then it shows connecting until it is back', () => {
    const { actor, snap } = start();
    expect(snap().hasTag('online')).toBe(true);
    actor.send({ type: 'admin.disconnected' });
    expect(snap().hasTag('connecting')).toBe(true);
  });
});
