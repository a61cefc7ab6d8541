import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { CHAT_SOCKET_OPTIONS, type ChatSocketOptions, customerChatMachine, type CustomerSocketCommand } from './customer-chat.machine.ts';

const start = () => {
  const control = createControl();
  const clock = new SimulatedClock();
  const actor = createActor(
    customerChatMachine.provide({ actors: { socket: control.callback<CustomerSocketCommand, { options: ChatSocketOptions }>() } }),
    { clock },
  );
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const say = (text: string) => {
    actor.send({ type: 'chat.input', text });
    actor.send({ type: 'chat.submit' });
    clock.increment(200);
  };
  const sent = () => control.received.filter((r) => r.id === 'socket').map((r) => r.event);
  return { actor, control, clock, emitted, say, sent, snap: () => actor.getSnapshot() };
};

describe('customer chat machine', () => {
  it('when the widget starts, then it connects with the spec reconnect and timeout options', () => {
    const { control, snap } = start();
    expect(snap().hasTag('connecting')).toBe(true);
    expect(control.started).toEqual([{ id: 'socket', input: { options: CHAT_SOCKET_OPTIONS } }]);
    expect(CHAT_SOCKET_OPTIONS).toEqual({ reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20_000 });
  });

  it('when a message is sent before the socket connects, then it waits and goes out on connect', () => {
    const { actor, say, sent, snap } = start();
    say('hello');
    expect(sent()).toEqual([]);
    actor.send({ type: 'chat.connected' });
    expect(sent()).toEqual([{ type: 'send', text: 'hello' }]);
    expect(snap().context.messages).toEqual([{ client: 'hello' }]);
  });

  it('when the message is whitespace only, then nothing is sent or shown', () => {
    const { actor, say, sent, snap } = start();
    actor.send({ type: 'chat.connected' });
    say('   \n ');
    expect(sent()).toEqual([]);
    expect(snap().context.messages).toEqual([]);
  });

  it('when a message is sent, then the input clears after 200 ms, not before', () => {
    const { actor, clock, snap } = start();
    actor.send({ type: 'chat.connected' });
    actor.send({ type: 'chat.input', text: 'hi' });
    actor.send({ type: 'chat.submit' });
    clock.increment(199);
    expect(snap().context.draft).toBe('hi');
    clock.increment(1);
    expect(snap().context.draft).toBe('');
  });

  it('when the shopper types on while the box is clearing, then the sent text goes and what they typed after it stays, to send next', () => {
    const { actor, clock, sent, snap } = start();
    actor.send({ type: 'chat.connected' });
    actor.send({ type: 'chat.input', text: 'Do you ship' });
    actor.send({ type: 'chat.submit' });
    clock.increment(100);
    actor.send({ type: 'chat.input', text: 'Do you ship to Oslo?' });
    expect(snap().context.draft).toBe('Do you ship to Oslo?');
    clock.increment(100);
    expect(snap().context.draft).toBe('to Oslo?');
    // Typed over entirely meanwhile: all of it is the shopper's next message.
    actor.send({ type: 'chat.submit' });
    actor.send({ type: 'chat.input', text: 'Thanks' });
    clock.increment(200);
    expect(snap().context.draft).toBe('Thanks');
    expect(sent()).toEqual([
      { type: 'send', text: 'Do you ship' },
      { type: 'send', text: 'to Oslo?' },
    ]);
  });

  it('when Submit is pressed again while the box is clearing, then the message is not sent twice', () => {
    const { actor, sent } = start();
    actor.send({ type: 'chat.connected' });
    actor.send({ type: 'chat.input', text: 'once' });
    actor.send({ type: 'chat.submit' });
    actor.send({ type: 'chat.submit' });
    expect(sent()).toEqual([{ type: 'send', text: 'once' }]);
  });

  it('when the admin writes, then the message shows with an unread dot and a sound; reading clears the dot', () => {
    const { actor, emitted, snap } = start();
    actor.send({ type: 'chat.connected' });
    actor.send({ type: 'chat.adminMessage', text: 'How can I help?' });
    expect(snap().context).toMatchObject({ messages: [{ admin: 'How can I help?' }], unread: true });
    expect(emitted).toEqual([{ type: 'chat.sound', file: 'chat-msg.mp3' }]);
    actor.send({ type: 'chat.read' });
    expect(snap().context.unread).toBe(false);
  });

  it('when no admin is available, then noAdmin is tagged until an admin writes', () => {
    const { actor, snap } = start();
    actor.send({ type: 'chat.connected' });
    actor.send({ type: 'chat.noAdmin' });
    expect(snap().hasTag('noAdmin')).toBe(true);
    actor.send({ type: 'chat.adminMessage', text: 'here' });
    expect(snap().hasTag('noAdmin')).toBe(false);
  });

  it('when the admin closes the chat, then the conversation is cleared and the socket dropped; the next message reconnects and is sent', () => {
    const { actor, control, say, sent, snap } = start();
    actor.send({ type: 'chat.connected' });
    say('first');
    actor.send({ type: 'chat.adminClosed' });
    expect(snap().hasTag('adminClosed')).toBe(true);
    expect(snap().context.messages).toEqual([]);
    expect(control.isRunning('socket')).toBe(false);
    say('again');
    expect(control.isRunning('socket')).toBe(true);
    actor.send({ type: 'chat.connected' });
    expect(sent()).toEqual([
      { type: 'send', text: 'first' },
      { type: 'send', text: 'again' },
    ]);
    expect(snap().context.messages).toEqual([{ client: 'again' }]);
  });

  it('when the panel is minimised, then an admin message raises the dot until the panel opens; minimising an open panel reads it', () => {
    const { actor, snap } = start();
    actor.send({ type: 'chat.connected' });
    expect(snap().hasTag('panelOpen')).toBe(true);
    actor.send({ type: 'chat.hide' });
    actor.send({ type: 'chat.adminMessage', text: 'Still there?' });
    expect(snap().context.unread).toBe(true);
    actor.send({ type: 'chat.show' });
    expect(snap().context.unread).toBe(false);
    actor.send({ type: 'chat.adminMessage', text: 'Seen while open' });
    actor.send({ type: 'chat.hide' });
    expect(snap().context.unread).toBe(false);
  });
});
