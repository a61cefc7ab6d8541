import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type RelayMode = 'up' | 'refuse' | 'silent';

export type SwitchableRelay = {
  url: string;
  /** `up` relays to the target; `refuse` closes every connection (a dead API); `silent` accepts and never answers (a hung one). */
  set(mode: RelayMode): void;
  stop(): Promise<void>;
};

/**
 * A TCP relay in front of a server that a test can switch off and on: what a BFF sees of an
 * API that went away and came back on the same address. Switching ends every open connection.
 */
export const startSwitchableRelay = async (targetUrl: string): Promise<SwitchableRelay> => {
  const target = new URL(targetUrl);
  const open = new Set<net.Socket>();
  let mode: RelayMode = 'up';
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    if (mode === 'refuse') return void socket.destroy();
    if (mode === 'silent') return;
    const upstream = net.connect(Number(target.port), target.hostname);
    open.add(upstream);
    upstream.once('close', () => (open.delete(upstream), socket.destroy()));
    upstream.on('error', () => upstream.destroy());
    socket.once('close', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    set(next) {
      mode = next;
      endAll();
    },
    stop: async () => {
      endAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
