import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatAck } from '#contracts/chat.ts';
import { CHAT_SENDS_PER_SECOND, chatOutbox } from './chat-outbox.ts';
import type { ChatSocket } from './chat-socket.ts';

/** Just what the outbox touches of a socket.io socket: whether it is connected, and emit with an ack. */
const socketStub = () => {
  const sent: { text: unknown; at: number; ack: (answer: ChatAck) => void }[] = [];
  const socket = {
    connected: false,
    emit: (_event: string, text: unknown, _clientId: string, ack: (answer: ChatAck) => void) =>
      void sent.push({ text, at: Date.now(), ack }),
  };
  return { socket, sent, asSocket: socket as unknown as ChatSocket };
};

afterEach(() => vi.useRealTimers());

describe('the chat outbox', () => {
  it("when ten messages typed during a drop go out on reconnect, then never more than CHAT_SENDS_PER_SECOND leave in any second (under the hub's 5), in order, all of them", () => {
    vi.useFakeTimers();
    const { socket, sent, asSocket } = socketStub();
    const outbox = chatOutbox(asSocket);
    const answers: ChatAck[] = [];
    const texts = Array.from({ length: 10 }, (_, i) => `message ${i}`);
    for (const text of texts) outbox.send('client sends message', text, (answer) => answers.push(answer));
    socket.connected = true;
    outbox.resume();
    // The hub answers each at once: the outbox, not the network, keeps the pace.
    for (let i = 0; i < 40 && sent.length > answers.length; i++) {
      sent.at(-1)!.ack({ ok: true, id: sent.length });
      vi.advanceTimersByTime(10);
    }
    for (let t = 0; t < 3000 && answers.length < texts.length; t += 10) {
      if (sent.length > answers.length) sent.at(-1)!.ack({ ok: true, id: sent.length });
      vi.advanceTimersByTime(10);
    }
    expect(sent.map((s) => s.text)).toEqual(texts);
    expect(answers).toHaveLength(texts.length);
    // The hub's limiter counts sends in any second: the outbox keeps under it.
    for (const first of sent)
      expect(sent.filter((s) => s.at >= first.at && s.at < first.at + 1000).length).toBeLessThanOrEqual(CHAT_SENDS_PER_SECOND);
  });

  it('when a person sends a few messages in a row, then each goes as soon as the one before is answered', () => {
    vi.useFakeTimers();
    const { socket, sent, asSocket } = socketStub();
    socket.connected = true;
    const outbox = chatOutbox(asSocket);
    outbox.send('client sends message', 'hello', () => undefined);
    expect(sent).toHaveLength(1);
    outbox.send('client sends message', 'anyone there?', () => undefined);
    outbox.send('client sends message', 'I need help with an order', () => undefined);
    sent[0]!.ack({ ok: true, id: 1 });
    expect(sent).toHaveLength(2);
    sent[1]!.ack({ ok: true, id: 2 });
    expect(sent).toHaveLength(3);
  });

  it('when the shop answers that it could not keep a message (its database away), then the message goes again until it is kept, and only that answer reaches the sender', () => {
    vi.useFakeTimers();
    const { socket, sent, asSocket } = socketStub();
    socket.connected = true;
    const outbox = chatOutbox(asSocket, 1000);
    const answers: ChatAck[] = [];
    outbox.send('client sends message', 'is my order on its way?', (answer) => answers.push(answer));
    sent[0]!.ack({ ok: false, code: 'unavailable', message: 'The chat is unavailable right now' });
    expect(answers).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sent.map((s) => s.text)).toEqual(['is my order on its way?', 'is my order on its way?']);
    sent[1]!.ack({ ok: true, id: 7 });
    expect(answers).toEqual([{ ok: true, id: 7 }]);
  });
});
