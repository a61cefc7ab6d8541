/**
 * How long any Redis command may take. node-redis's own command timeout
 * (`commandOptions.timeout`) ends a command only while it waits to be written: once sent, its
 * reply is awaited for ever (node-redis pull request 3008). A Redis that hangs with its
 * connection open (SIGSTOP, a frozen host) held every command so sent, and with them every
 * logged-in request the BFF's limiter counted, for the whole outage.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

const WATCH_EVERY_MS = REDIS_COMMAND_TIMEOUT_MS / 2;
const WATCH_SILENT_MS = REDIS_COMMAND_TIMEOUT_MS * 1.5;

/** `socket.socketTimeout` for a watched client: longer than a watched connection is ever quiet. */
export const HUNG_SOCKET_TIMEOUT_MS = WATCH_EVERY_MS + WATCH_SILENT_MS;

/** Reconnects after any drop, a socket timeout included (node-redis's default gives up on one). */
export const reconnectBackoff = (retries: number): number => Math.min(50 * 2 ** retries, 2_000);

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
 * Covers what the command timeout cannot, while the client is ready: a PING every `everyMs`;
 * one unanswered for `silentMs` means the connection hangs. It is then dropped, which fails
 * every command waiting on it at once, and opened again; until Redis answers, the client is
 * not ready, which its users read as "Redis is away" (limits let requests through, chat counts
 * on this instance). node-redis writes what waited in its queue as soon as a new connection
 * opens, before Redis has answered its handshake: a client with a queue also needs
 * `HUNG_SOCKET_TIMEOUT_MS` (`socket.socketTimeout`), which drops such a connection once nothing
 * has moved on it for that long (the PINGs keep a healthy one busy). `onHung` runs once a hang.
 * Returns the function that stops watching: the owner calls it when it closes the client.
 */
export const watchForHang = (
  client: WatchedRedis,
  { everyMs = WATCH_EVERY_MS, silentMs = WATCH_SILENT_MS, onHung }: { everyMs?: number; silentMs?: number; onHung(): void },
): (() => void) => {
  let stopped = false;
  let hung = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    if (client.isReady && (await silentFor(silentMs, client.ping())) && client.isReady && !stopped) {
      if (!hung) onHung();
      hung = true;
      client.destroy();
      client.connect().catch(() => undefined);
    } else if (client.isReady) hung = false;
    if (!stopped) timer = setTimeout(() => void check(), everyMs).unref();
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
 * process. Every promise a method answers, of the client or of its duplicates, is marked
 * handled; a caller that awaits it still sees the failure. `duplicateOptions` go to each
 * duplicate (node-redis's `duplicate(overrides)`).
 */
export const withHandledCommands = <C extends object>(client: C, duplicateOptions: object = {}): C =>
  new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const call = (value as (...a: unknown[]) => unknown).bind(target);
      // The adapter's own connections (its stream reader, its subscriber) fire commands too.
      if (property === 'duplicate')
        return (overrides: object = {}) => withHandledCommands(call({ ...duplicateOptions, ...overrides }) as object, duplicateOptions);
      return (...args: unknown[]) => {
        const result = call(...args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
