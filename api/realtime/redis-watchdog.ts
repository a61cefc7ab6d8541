/**
 * How long any Redis command may take. node-redis's own command timeout
 * (`commandOptions.timeout`) ends a command only while it waits to be written: once sent, its
 * reply is awaited for ever (node-redis pull request 3008). A Redis that hangs with its
 * connection open (SIGSTOP, a frozen host) held every command so sent, and with them every
 * logged-in request the BFF's limiter counted, for the whole outage.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** What the watchdog needs of a node-redis client. */
export type WatchedRedis = {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  ping(): Promise<unknown>;
  destroy(): void;
  connect(): Promise<unknown>;
  close(): Promise<unknown>;
};

/**
 * Closes a client for good: gracefully (its commands in flight answered) when Redis answers
 * within `ms`, else dropped, since close() waits for replies a Redis that hangs never sends.
 */
export const closeRedis = async (client: WatchedRedis, ms = REDIS_COMMAND_TIMEOUT_MS): Promise<void> => {
  if (client.isReady) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([client.close(), late]);
    clearTimeout(timer);
  }
  if (client.isOpen) client.destroy();
};

const silentFor = (ms: number, work: Promise<unknown>): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    // A PING refused (the connection dropped meanwhile) is node-redis's to reconnect; only silence is a hang.
    work.then(
      () => resolve(false),
      () => resolve(false),
    );
    void work.finally(() => clearTimeout(timer)).catch(() => undefined);
  });

/**
 * Covers what the command timeout cannot: while the client is ready, a PING every `everyMs`;
 * one not answered within `deadlineMs` means the connection hangs. It is then dropped, which
 * fails every command waiting on it at once, and opened again; until Redis answers, the client
 * is not ready, which every user of it reads as "Redis is away" (limits let requests through,
 * chat counts on this instance). So no command waits much longer than `everyMs + deadlineMs`.
 * Returns the function that stops watching.
 */
export const watchForHang = (
  client: WatchedRedis,
  { deadlineMs = REDIS_COMMAND_TIMEOUT_MS, everyMs = deadlineMs / 2, onHung }: { deadlineMs?: number; everyMs?: number; onHung(): void },
): (() => void) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    if (client.isReady && (await silentFor(deadlineMs, client.ping())) && client.isReady && !stopped) {
      onHung();
      client.destroy();
      client.connect().catch(() => undefined);
    }
    // A client closed for good (its owner's close) needs no more watching.
    if (!stopped && client.isOpen) timer = setTimeout(() => void check(), everyMs).unref();
  };
  timer = setTimeout(() => void check(), everyMs).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};

/**
 * The client as a library that fires commands without awaiting them gets it (socket.io's
 * Streams adapter persists a session and PUBLISHes that way): such a command failing (Redis
 * away, its connection dropped on stop) would be an unhandled rejection, which ends the
 * process. Every promise a method answers is marked handled; a caller that awaits it still
 * sees the failure.
 */
export const withHandledCommands = <C extends object>(client: C): C =>
  new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
