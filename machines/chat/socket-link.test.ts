import { describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../testing/fake-chat-socket.ts';
import { CHAT_SOCKET_OPTIONS } from './customer-chat.machine.ts';
import { heldEvents, linkSocket, seenIds } from './socket-link.ts';

/** linkSocket on a socket that arrives when the test says (`arrive`); `command` plays the machine's sends. */
const link = () => {
  const server = fakeSockets();
  let command: (text: string) => void = () => undefined;
  let arrive: () => void = () => undefined;
  let wired = false;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const stop = linkSocket<string>(
    {
      open: async (options) => {
        await arrived;
        return server.factory(options);
      },
      options: CHAT_SOCKET_OPTIONS,
      receive: (listener) => (command = listener),
    },
    (socket, outbox) => {
      wired = true;
      socket.on('connect', () => outbox.resume());
      return (text) => outbox.send('client sends message', text, () => undefined);
    },
    () => undefined,
  );
  return { server, stop, command: (text: string) => command(text), arrive, wired: () => wired };
};

describe('the link both chat socket actors share', () => {
  it('when commands come before the lazy socket, then they go through its outbox once it is connected, in order', async () => {
    const { server, command, arrive, wired } = link();
    command('first');
    command('second');
    arrive();
    await vi.waitFor(() => expect(wired()).toBe(true));
    const socket = server.latest();
    expect(socket.emitted).toEqual([]);
    socket.open();
    expect(socket.sent('client sends message').map(([text]) => text)).toEqual(['first', 'second']);
  });

  it('when the actor stops before the lazy socket arrives, then that socket is closed at once and nothing goes', async () => {
    const { server, command, stop, arrive } = link();
    command('too late');
    stop();
    arrive();
    await vi.waitFor(() => expect(server.latest().closed).toBe(true));
    expect(server.latest().emitted).toEqual([]);
  });

  it('when an id comes again or lower, then it is not fresh; rooms count apart, and a forgotten room starts over', () => {
    const seen = seenIds();
    expect([seen.fresh('a', 1), seen.fresh('a', 1), seen.fresh('b', 1), seen.fresh('a', undefined)]).toEqual([true, false, true, true]);
    seen.set('a', 5);
    expect([seen.fresh('a', 4), seen.highest('a')]).toEqual([false, 5]);
    seen.forget('a');
    expect([seen.fresh('a', 1), seen.highest('b')]).toEqual([true, 1]);
    seen.forget();
    expect(seen.highest('b')).toBe(0);
  });

  it('when events arrive while a list is held, then they run after it in order, or are dropped with a list that failed', () => {
    const ran: string[] = [];
    const list = heldEvents();
    list.deliver(() => ran.push('live'));
    list.hold();
    list.deliver(() => ran.push('one'));
    list.deliver(() => ran.push('two'));
    ran.push('list');
    list.release();
    list.hold();
    list.deliver(() => ran.push('lost'));
    list.drop();
    list.deliver(() => ran.push('after'));
    expect(ran).toEqual(['live', 'list', 'one', 'two', 'after']);
  });
});
