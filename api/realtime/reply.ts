import type { Logger } from 'pino';
import type { ChatAck, ChatError, ChatReplayAck } from '#contracts/chat.ts';
import { CHAT_EVENTS } from '#contracts/chat.ts';
import type { HubSocket } from './types.ts';

export type Ack = (answer: ChatAck | ChatReplayAck) => void;

/** Answers through the ack when the client gave one, else failures arrive as an 'error' event. */
export const reply = (socket: HubSocket, ack: Ack | undefined, answer: ChatAck | ChatReplayAck): void => {
  if (ack) ack(answer);
  else if (!answer.ok) socket.emit(CHAT_EVENTS.error, { code: answer.code, message: answer.message });
};

export const failure = (error: ChatError): { ok: false } & ChatError => ({ ok: false, ...error });
/** Every admin event from a socket that is not a live admin's. */
export const notAdmin = failure({
  code: 'not admin',
  message: 'Only a logged-in administrator can do that; log in as an admin and reconnect',
});

/**
 * Runs a socket's handlers one after another, so that its messages keep their order even when
 * a handler waits on the presence store.
 */
export const serial = (logger: Logger) => {
  let tail = Promise.resolve();
  return (task: () => Promise<void>): void => {
    tail = tail.then(task).catch((err: unknown) => logger.error({ err }, 'chat handler failed'));
  };
};
