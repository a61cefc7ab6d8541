import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import { fakeSockets } from '../testing/fake-chat-socket.ts';
import { CHAT_SOCKET_OPTIONS, customerChatMachine } from './customer-chat.machine.ts';
import { CHAT_RESEND_MS } from './chat-outbox.ts';
import { CHAT_UNREACHABLE, customerSocketActor, REFUSED_RETRY_MS } from './customer-socket.actor.ts';

/**
 * The one socket actor the shop's support chat and the partner widget both run: these tests
 * cover both. The chat machine drives it as it does in either page.
 */
const start = (onIdentifyFailed = vi.fn()) => {
  const server = fakeSockets();
  const actor = createActor(
    customerChatMachine.provide({ actors: { socket: customerSocketActor({ open: server.factory, onIdentifyFailed }) } }),
  );
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
    expect(socket.sent('client sends message')).toEqual([['Hello?', expect.stringMatching(/^[0-9a-f]{32}$/)]]);
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

  it('when the connection drops before a message is answered, then after reconnecting it goes again with the same id, ahead of newer ones, and shows once', async () => {
    const { say, ctx, connected, actor } = start();
    const socket = await connected();
    // The instance drains with the message on the wire: no answer will ever come.
    socket.answers['client sends message'] = () => undefined;
    say('Is it in stock?');
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('sending')).toBe(false));
    say('And in blue?');
    // One message in flight at a time: the second waits for the first's answer.
    expect(socket.sent('client sends message').map((a) => a[0])).toEqual(['Is it in stock?']);
    socket.drop();
    delete socket.answers['client sends message'];
    socket.open(true);
    const sent = socket.sent('client sends message');
    expect(sent.map((a) => a[0])).toEqual(['Is it in stock?', 'Is it in stock?', 'And in blue?']);
    expect(sent[1]![1]).toBe(sent[0]![1]);
    expect(sent[2]![1]).not.toBe(sent[0]![1]);
    expect(ctx().messages).toEqual([{ client: 'Is it in stock?' }, { client: 'And in blue?' }]);
    // Answered now: another drop sends nothing again.
    socket.drop();
    socket.open(true);
    expect(socket.sent('client sends message')).toHaveLength(3);
  });

  it('when a recovered connection hands out a missed admin message before its connect event, then what the shopper typed while offline still goes', async () => {
    const { say, ctx, connected, actor } = start();
    const socket = await connected();
    socket.drop();
    say('Still there?');
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('sending')).toBe(false));
    // socket.io-client: connected, then the missed events, then 'connect'.
    socket.connected = true;
    socket.recovered = true;
    socket.serverEmit('server sends message from admin to client', 'Sorry, I was away', { id: 2 });
    socket.serverEmit('connect');
    expect(socket.sent('client sends message').map((a) => a[0])).toEqual(['Still there?']);
    expect(ctx()).toMatchObject({ outbox: [], messages: [{ client: 'Still there?' }, { admin: 'Sorry, I was away' }] });
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
  });

  it('when the hub refuses a message, then that is its answer: it is not sent again after a drop', async () => {
    const { say, connected } = start();
    const socket = await connected();
    socket.answers['client sends message'] = () => ({ ok: false, code: 'rate limited', message: 'Too many messages' });
    say('one');
    socket.drop();
    socket.open(true);
    expect(socket.sent('client sends message')).toHaveLength(1);
  });

  it('when no answer comes on a live connection, then the message goes again with the same id after CHAT_RESEND_MS', async () => {
    const { say, connected } = start();
    const socket = await connected();
    vi.useFakeTimers();
    socket.answers['client sends message'] = () => undefined;
    say('Hello?');
    vi.advanceTimersByTime(CHAT_RESEND_MS - 1);
    expect(socket.sent('client sends message')).toHaveLength(1);
    delete socket.answers['client sends message'];
    vi.advanceTimersByTime(1);
    const sent = socket.sent('client sends message');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    vi.advanceTimersByTime(CHAT_RESEND_MS * 3);
    expect(socket.sent('client sends message')).toHaveLength(2);
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

  it("when the connection comes back as a new socket, then the new room's messages show though their ids restart", async () => {
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

describe('the customer chat socket actor with a conversation the hub keeps', () => {
  const keeping = () => {
    const server = fakeSockets();
    const actor = createActor(
      customerChatMachine.provide({
        actors: { socket: customerSocketActor({ open: server.factory, keep: true }) },
      }),
    ).start();
    return { server, actor, ctx: () => actor.getSnapshot().context };
  };

  it('when the page opens again, then the handshake asks the hub to keep the conversation and the conversation so far shows before anything new', async () => {
    const { server, ctx } = keeping();
    const socket = await vi.waitFor(() => server.latest());
    expect(socket.options).toMatchObject({ auth: { keep: true } });
    socket.answers['chat replay'] = () => undefined;
    socket.open();
    expect(socket.sent('chat replay')).toEqual([[{ after: 0 }]]);
    // An answer arriving before the history waits for it, and shows once.
    socket.serverEmit('server sends message from admin to client', 'Anything else?', { id: 3 });
    socket.answerLater('chat replay', {
      ok: true,
      messages: [
        { id: 1, from: 'client', text: 'Is it in stock?' },
        { id: 2, from: 'admin', text: 'Yes' },
        { id: 3, from: 'admin', text: 'Anything else?' },
      ],
    });
    expect(ctx().messages).toEqual([{ client: 'Is it in stock?' }, { admin: 'Yes' }, { admin: 'Anything else?' }]);
    expect(ctx().unread).toBe(false);
  });

  it('when the connection drops while the conversation so far is on its way and comes back recovered, then it is asked again and later answers show', async () => {
    const { server, ctx } = keeping();
    const socket = await vi.waitFor(() => server.latest());
    socket.answers['chat replay'] = () => undefined;
    socket.open();
    // The replay's answer is lost with the connection (socket.io drops acks on a disconnect).
    socket.drop();
    socket.answers['chat replay'] = () => ({ ok: true, messages: [{ id: 1, from: 'client', text: 'Is it in stock?' }] });
    socket.open(true);
    expect(socket.sent('chat replay')).toEqual([[{ after: 0 }], [{ after: 0 }]]);
    socket.serverEmit('server sends message from admin to client', 'Yes, two left.', { id: 2 });
    expect(ctx().messages).toEqual([{ client: 'Is it in stock?' }, { admin: 'Yes, two left.' }]);
  });

  it('when the connection comes back without recovery, then only the answers it missed show, once', async () => {
    const { server, ctx } = keeping();
    const socket = await vi.waitFor(() => server.latest());
    socket.open();
    socket.serverEmit('server sends message from admin to client', 'Hello', { id: 2 });
    socket.answers['chat replay'] = () => ({
      ok: true,
      messages: [
        { id: 2, from: 'admin', text: 'Hello' },
        { id: 3, from: 'client', text: 'Hi' },
        { id: 4, from: 'admin', text: 'Missed one' },
      ],
    });
    socket.drop();
    socket.open(false);
    expect(socket.sent('chat replay').at(-1)).toEqual([{ after: 2 }]);
    expect(ctx().messages).toEqual([{ admin: 'Hello' }, { admin: 'Missed one' }]);
  });

  it('when the shopper shares, then the hub hears consent and each screen; after a drop both go again; Stop sharing withdraws it and screens stop', async () => {
    const { actor, connected } = start();
    const socket = await connected();
    const screen = { path: '/cart', title: 'Cart', signedInAs: null, cart: [], step: null, error: null, events: [] };
    actor.send({ type: 'chat.screen', screen });
    expect(socket.sent('screen update')).toEqual([]);
    actor.send({ type: 'chat.share' });
    actor.send({ type: 'chat.screen', screen });
    expect(socket.sent('screen share')).toEqual([[{ on: true }]]);
    expect(socket.sent('screen update')).toEqual([[screen]]);
    socket.drop();
    socket.open(false);
    expect(socket.sent('screen share')).toEqual([[{ on: true }], [{ on: true }]]);
    expect(socket.sent('screen update')).toHaveLength(2);
    actor.send({ type: 'chat.stopSharing' });
    actor.send({ type: 'chat.screen', screen });
    expect(socket.sent('screen share').at(-1)).toEqual([{ on: false }]);
    expect(socket.sent('screen update')).toHaveLength(2);
  });

  it('when support asks to see the screen, then the panel asks, and Not now answers the hub without sharing', async () => {
    const { actor, connected } = start();
    const socket = await connected();
    socket.serverEmit('screen asked');
    expect(actor.getSnapshot().hasTag('shareAsked')).toBe(true);
    actor.send({ type: 'chat.shareDeclined' });
    expect(actor.getSnapshot().hasTag('shareAsked')).toBe(false);
    expect(actor.getSnapshot().hasTag('sharing')).toBe(false);
    expect(socket.sent('screen share')).toEqual([[{ on: false }]]);
  });
});
