import type { ChatAck } from '#contracts/chat.ts';
import type { ChatSocket } from './chat-socket.ts';

/** How long an answer may take on a live connection before the same message goes again. */
export const CHAT_RESEND_MS = 10_000;
/**
 * At most this many sends in any second: under the hub's default 5 a second per socket
 * (CHAT_MESSAGES_PER_SOCKET_PER_SECOND), so what a shopper typed while the chat was away goes
 * out after the drop without one of it refused as a flood. A person typing never reaches it.
 */
export const CHAT_SENDS_PER_SECOND = 4;

/**
 * A message id made on the client (contracts/chat.ts `ChatClientId`): 32 hex digits from
 * getRandomValues, which, unlike crypto.randomUUID, also exists on a partner's plain-http page.
 */
export const newClientId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

type Entry = { event: string; payload: unknown; clientId: string; answered: (answer: ChatAck) => void };

export type ChatOutbox = {
  /** Queues a message; it goes once the socket is connected and every message before it is answered. */
  send(event: string, payload: unknown, answered: (answer: ChatAck) => void): void;
  /** The socket (re)connected: the unanswered message goes again with the same id, then the rest. */
  resume(): void;
  /** The actor stops: nothing more goes. */
  stop(): void;
};

/**
 * At-least-once delivery of chat messages, made exactly-once by the hub: socket.io forgets the
 * ack of a message sent on a connection that then drops (a draining instance drops what is on
 * the wire), so each message carries a client id and goes again until an answer comes; the hub
 * records a repeated id once and acks it with the original entry. One message is in flight at
 * a time, so the hub sees them in the order they were typed, re-sends included, and at most
 * CHAT_SENDS_PER_SECOND in any second. A refusal (rate limited, no admin) is an answer: that
 * message is done; `unavailable` (the shop could not keep it) is not, and it goes again.
 */
export const chatOutbox = (socket: ChatSocket, resendMs = CHAT_RESEND_MS): ChatOutbox => {
  const queue: Entry[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** When the last CHAT_SENDS_PER_SECOND sends left, oldest first. */
  const recent: number[] = [];

  const next = () => {
    clearTimeout(timer);
    const head = queue[0];
    if (stopped || !head || !socket.connected) return;
    const wait = recent.length < CHAT_SENDS_PER_SECOND ? 0 : recent[0]! + 1000 - Date.now();
    if (wait > 0) {
      timer = setTimeout(next, wait);
      return;
    }
    recent.push(Date.now());
    if (recent.length > CHAT_SENDS_PER_SECOND) recent.shift();
    socket.emit(head.event, head.payload, head.clientId, (answer: ChatAck) => {
      // Only the first answer counts: a copy sent again may be answered too.
      if (queue[0] !== head) return;
      // The shop could not keep it (its database away, decision 018): nothing was recorded, so
      // it goes again, with the same id, until the shop can.
      if (!answer.ok && answer.code === 'unavailable') {
        clearTimeout(timer);
        timer = setTimeout(next, resendMs);
        return;
      }
      queue.shift();
      head.answered(answer);
      next();
    });
    // Still connected but no answer (the hub lost it without dropping us): send it again.
    timer = setTimeout(next, resendMs);
  };

  return {
    send(event, payload, answered) {
      queue.push({ event, payload, clientId: newClientId(), answered });
      if (queue.length === 1) next();
    },
    resume: next,
    stop() {
      stopped = true;
      clearTimeout(timer);
      queue.length = 0;
    },
  };
};
