import { chatOutbox, type ChatOutbox } from './chat-outbox.ts';
import type { ChatSocket, OpenChatSocket } from './chat-socket.ts';
import type { ChatSocketOptions } from './customer-chat.machine.ts';

/** The actor's socket opener and options, and its `receive` (xstate's fromCallback hands it over). */
export type SocketLink<Command> = {
  open: OpenChatSocket;
  options: ChatSocketOptions;
  receive: (listener: (command: Command) => void) => void;
};

/**
 * What both chat socket actors (customer-socket.actor.ts, admin-socket.actor.ts) do around their
 * own events: opens the socket, hands `wire` it and an outbox on it (chat-outbox.ts), and keeps
 * the machine's commands until `wire` has answered the function that runs them, so none
 * vanishes while a lazy socket loads. The returned cleanup stops the outbox and closes the
 * socket, also one that arrives after the stop (it is closed at once).
 */
export const linkSocket = <Command>(
  { open, options, receive }: SocketLink<Command>,
  wire: (socket: ChatSocket, outbox: ChatOutbox) => (command: Command) => void,
  onFail: (error: unknown) => void,
): (() => void) => {
  const waiting: Command[] = [];
  let run: (command: Command) => void = (command) => void waiting.push(command);
  receive((command) => run(command));
  let stopped = false;
  let socket: ChatSocket | null = null;
  let outbox: ChatOutbox | undefined;
  const ready = (s: ChatSocket) => {
    if (stopped) {
      s.disconnect();
      return;
    }
    socket = s;
    outbox = chatOutbox(s);
    run = wire(s, outbox);
    for (const command of waiting.splice(0)) run(command);
  };
  try {
    const opened = open(options);
    if ('then' in opened) opened.then(ready, (error: unknown) => !stopped && onFail(error));
    else ready(opened);
  } catch (error) {
    onFail(error);
  }
  return () => {
    stopped = true;
    outbox?.stop();
    socket?.off();
    socket?.disconnect();
  };
};

/**
 * The highest message id seen per room: ids only grow, so one at or below it was shown already
 * (socket.io redelivers what a recovered connection missed, a list or replay repeats it).
 */
export const seenIds = () => {
  const highest = new Map<string, number>();
  return {
    /** True, and remembered, for an id above the room's highest; a message without an id is always new. */
    fresh(room: string, id: number | undefined): boolean {
      if (id === undefined) return true;
      if (id <= (highest.get(room) ?? 0)) return false;
      highest.set(room, id);
      return true;
    },
    highest: (room: string): number => highest.get(room) ?? 0,
    /** A list says what the room holds: its ids start from `id`. */
    set: (room: string, id: number) => void highest.set(room, id),
    /** The room ended, or (no room) every room starts again. */
    forget: (room?: string) => void (room === undefined ? highest.clear() : highest.delete(room)),
  };
};

/**
 * Live events that arrive while a list or replay is on its way wait for it (`hold` until
 * `release`), so the list does not overwrite them and none shows twice or out of order.
 */
export const heldEvents = () => {
  let held: Array<() => void> | null = null;
  return {
    hold: () => void (held ??= []),
    /** A list was asked for and has not come: its answer may have been lost with a dropped connection. */
    pending: () => held !== null,
    /** Runs `deliver` now, or once the list under way is in. */
    deliver: (deliver: () => void) => void (held ? held.push(deliver) : deliver()),
    /** The list is in: what waited runs, in order. */
    release() {
      const waiting = held ?? [];
      held = null;
      for (const deliver of waiting) deliver();
    },
    /** No list came: what waited is dropped with it. */
    drop: () => void (held = null),
  };
};
