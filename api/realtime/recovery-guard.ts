import type { Namespace } from 'socket.io';
import type { HubServer } from './types.ts';

type AdapterInstance = Namespace['adapter'];

/**
 * Lets the hub refuse to restore particular sockets. socket.io writes a recovered socket's
 * missed packets before any middleware runs, so an admin demoted or logged out while
 * disconnected would still receive them; blocking the restore makes that socket start afresh
 * (a new id, no rooms) instead. Wraps `base` (a shared adapter's factory, such as Redis
 * Streams') or else the in-memory default. The block list is this process's: an admin
 * recovering on another instance is re-checked by that instance's handshake only.
 */
export const guardRecovery = (io: HubServer, base?: (nsp: Namespace) => AdapterInstance) => {
  const blocked = new Set<string>();
  // A factory function that returns its adapter works with `new` as well as a class does.
  const Base = (base ?? io.adapter()) as unknown as new (nsp: Namespace) => AdapterInstance;
  const previous = io.of('/').adapter;
  io.adapter(function guarded(nsp: Namespace): AdapterInstance {
    const adapter = new Base(nsp);
    const restore = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = async (pid, offset) => {
      const session = await restore(pid, offset);
      // The adapter's own type says Promise<Session>, but socket.io treats null as "start afresh".
      return (session && blocked.has(session.sid) ? null : session) as Awaited<ReturnType<AdapterInstance['restoreSession']>>;
    };
    return adapter;
  });
  // The in-memory adapter made by the constructor is replaced; stop its clean-up timer.
  void previous.close();
  return {
    block: (socketId: string) => blocked.add(socketId),
    unblock: (socketId: string) => blocked.delete(socketId),
  };
};
