import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHAT_TEXTS } from '../../contracts/chat.ts';
import { fakeSockets } from '../testing/fake-chat-socket.ts';
import { CHAT_SOCKET_OPTIONS, customerChatMachine } from './customer-chat.machine.ts';
import { CHAT_UNREACHABLE, customerSocketActor, REFUSED_RETRY_MS } from './customer-socket.actor.ts';

/**
 * The one socket actor the shop's support chat and the partner widget both run: these tests
 * cover both. The chat machine drives it as it does in either page.
 */
const start = (onIdentifyFailed = vi.fn()) => {
  const server = fakeSockets();
  const actor = createActor(customerChatMachine.provide({ actors: { socket: customerSocketActor({ open: server.factory, onIdentifyFailed }) } }));
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const say = (text: string) => {
    actor.send({ type: 'chat.input', text });
    actor.send({ type: 'chat.submit' });
  };
  const connected = async (recovered = false) => {
    await vi.waitFor(() => server.latest());
    server.latest().open(recovered);
    return server.latest();
  };
  return { actor, server, ctx, say, connected, onIdentifyFailed };
};

afterEach(() => vi.useRealTimers());

describe('the customer chat socket actor (shop and widget)', () => {
  it('when the chat starts, then one socket opens with spec section 9 options and the chat is online once it connects', async () => {
    const { actor, server, connected } = start();
    expect(actor.getSnapshot().hasTag('connecting')).toBe(true);
    await connected();
    expect(server.sockets).toHaveLength(1);
    expect(server.latest().options).toEqual(CHAT_SOCKET_OPTIONS);
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
  });

  it('when a message is typed before the lazy socket exists, then it goes out once the socket connects', async () => {
    const { say, server, connected } = start();
    say('Hello?');
    const socket = await connected();
    expect(socket.sent('client sends message')).toEqual([['Hello?']]);
    expect(server.sockets).toHaveLength(1);
  });

  it('when the hub refuses the connection, then its sentence shows, a minute later the chat asks again, and on connecting it goes', async () => {
    const { ctx, server } = start();
    const socket = await vi.waitFor(() => server.latest());
    vi.useFakeTimers();
    socket.refuse(CHAT_TEXTS.tooManyChats);
    expect(ctx().notice).toBe(CHAT_TEXTS.tooManyChats);
    vi.advanceTimersByTime(REFUSED_RETRY_MS - 1);
    expect(socket.reconnects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.reconnects).toBe(1);
    socket.open();
    expect(ctx().notice).toBeNull();
  });

  it('when the chat stops while a refusal waits to retry, then no retry happens', async () => {
    const { actor, server } = start();
    const socket = await vi.waitFor(() => server.latest());
    vi.useFakeTimers();
    socket.refuse(CHAT_TEXTS.tooManyChats);
    actor.stop();
    vi.advanceTimersByTime(REFUSED_RETRY_MS);
    expect(socket.reconnects).toBe(0);
    expect(socket.closed).toBe(true);
  });

  it('when the hub refuses a message, then its reason shows until a send succeeds; "no admin" keeps its own text', async () => {
    const { say, ctx, connected, actor } = start();
    const socket = await connected();
    socket.answers['client sends message'] = () => ({ ok: false, code: 'rate limited', message: 'Too many messages: wait a moment' });
    say('one');
    expect(ctx().notice).toBe('Too many messages: wait a moment');
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('sending')).toBe(false));
    socket.answers['client sends message'] = () => ({ ok: false, code: 'no admin', message: 'no admin here now' });
    say('two');
    expect(ctx().notice).toBeNull();
  });

  it('when socket.io redelivers an admin message after a recovered drop, then it shows once', async () => {
    const { ctx, connected } = start();
    const socket = await connected();
    socket.serverEmit('server sends message from admin to client', 'one', { id: 1 });
    socket.drop();
    socket.open(true);
    socket.serverEmit('server sends message from admin to client', 'one', { id: 1 });
    socket.serverEmit('server sends message from admin to client', 'two', { id: 2 });
    expect(ctx().messages).toEqual([{ admin: 'one' }, { admin: 'two' }]);
  });

  it('when the connection comes back as a new socket, then the new room\'s messages show though their ids restart', async () => {
    const { ctx, connected } = start();
    const socket = await connected();
    socket.serverEmit('server sends message from admin to client', 'before', { id: 1 });
    socket.drop();
    socket.open(false);
    socket.serverEmit('server sends message from admin to client', 'after', { id: 1 });
    expect(ctx().messages).toEqual([{ admin: 'before' }, { admin: 'after' }]);
  });

  it('when "no admin" or "admin closed chat" arrive, then the machine hears them and a closed chat drops its socket', async () => {
    const { actor, connected } = start();
    const socket = await connected();
    socket.serverEmit('no admin');
    expect(actor.getSnapshot().hasTag('noAdmin')).toBe(true);
    socket.serverEmit('admin closed chat');
    expect(actor.getSnapshot().hasTag('adminClosed')).toBe(true);
    expect(socket.closed).toBe(true);
  });

  it('when the identity changes while connected, then the socket reconnects to present it; the hub refusing it is reported', async () => {
    const { actor, connected, onIdentifyFailed } = start();
    const socket = await connected();
    actor.send({ type: 'chat.reconnect' });
    expect(socket.reconnects).toBe(1);
    socket.serverEmit('identify failed', { code: 'identify failed', message: 'no' });
    expect(onIdentifyFailed).toHaveBeenCalledOnce();
  });

  it('when the socket cannot even be opened, then the shopper is told to check the connection', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const actor = createActor(
      customerChatMachine.provide({ actors: { socket: customerSocketActor({ open: () => Promise.reject(new Error('chunk failed')) }) } }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe(CHAT_UNREACHABLE));
  });

  it('when the chat stops before a lazy socket arrived, then that socket is closed at once', async () => {
    const { actor, server } = start();
    actor.stop();
    const socket = await vi.waitFor(() => server.latest());
    expect(socket.closed).toBe(true);
  });
});
