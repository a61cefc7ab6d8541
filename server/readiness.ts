import type { Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** A dependency the instance needs to take traffic: resolves when reachable, rejects (or times out) when not. */
export type ReadinessProbe = () => Promise<unknown>;

/**
 * One instance's readiness and drain, shared by the app and what attaches to its server (the
 * realtime hub): the balancer sends traffic only where /readyz says 200, and SIGTERM turns
 * it to 503 at once, before anything closes.
 */
export type InstanceState = {
  readonly draining: boolean;
  /** Adds what /readyz checks, by the name its 503 reports. */
  probe(name: string, probe: ReadinessProbe): void;
  /** Runs when draining starts, before the server waits for its requests in flight. */
  onDrain(hook: () => Promise<void> | void): void;
  /** Marks the instance draining and runs the hooks (once). */
  drain(): Promise<void>;
  /** Sets `Connection: close` on the answer if draining has begun by the time its head is written. */
  closeWhenDraining(res: ServerResponse): void;
  /** The /readyz handler: 200 `{status:'ready'}`, else 503 naming what is down (`{status:'redis unreachable'}`), or `{status:'draining'}`. */
  readyz: RequestHandler;
};

const PROBE_TIMEOUT_MS = 2_000;

const within = (ms: number, work: Promise<unknown>): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export const instanceState = (): InstanceState => {
  const probes = new Map<string, ReadinessProbe>();
  const hooks: Array<() => Promise<void> | void> = [];
  let draining: Promise<void> | undefined;
  const state: InstanceState = {
    get draining() {
      return draining !== undefined;
    },
    probe: (name, probe) => void probes.set(name, probe),
    onDrain: (hook) => void hooks.push(hook),
    drain: () => (draining ??= Promise.allSettled(hooks.map(async (hook) => hook())).then(() => undefined)),
    closeWhenDraining: (res) => {
      // Wrapped, not set at once: a request in flight when SIGTERM arrives must close its connection too.
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        if (state.draining && !this.headersSent) this.setHeader('connection', 'close');
        return writeHead.apply(this, args);
      } as typeof writeHead;
    },
    readyz: (_req, res) => {
      if (state.draining) return void res.status(503).json({ status: 'draining' });
      const names = [...probes.keys()];
      void Promise.allSettled(names.map((name) => within(PROBE_TIMEOUT_MS, Promise.resolve().then(probes.get(name)!)))).then((results) => {
        const down = names.filter((_name, i) => results[i]!.status === 'rejected');
        if (state.draining) res.status(503).json({ status: 'draining' });
        else if (down.length > 0) res.status(503).json({ status: `${down.join(' and ')} unreachable` });
        else res.json({ status: 'ready' });
      });
    },
  };
  return state;
};

/**
 * The drain of a server, the same for the API and the BFF: stop taking connections, let
 * `meanwhile` end what must move elsewhere (sockets), close idle kept-alive connections, then
 * wait up to `drainMs` for the requests in flight before ending whatever is left.
 */
export const closeServer = async (
  server: Server,
  drainMs: number,
  meanwhile: () => Promise<void> | void = () => undefined,
): Promise<void> => {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await meanwhile();
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), drainMs);
  await closed;
  clearTimeout(timer);
};
