import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitReady } from './instances.ts';
import { freePort, holdsPort } from './ports.ts';
import { type Proc, spawnPrefixed } from './processes.ts';

const onLinux = process.platform === 'linux';
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A server of this process answering /readyz 200, as another shop's instance would. */
const stranger = async (port: number): Promise<http.Server> => {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}'));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return server;
};

/** A child process that listens on `port` once it is told to (a line on stdin), or never. */
const child = (port: number, listen: boolean): Proc => {
  const script = listen
    ? `require('node:http').createServer((q,s)=>s.writeHead(200,{'content-type':'application/json'}).end('{}')).listen(${port},'127.0.0.1',()=>console.log('up'))`
    : 'setInterval(() => {}, 1000)';
  const proc = spawnPrefixed({ name: 'child', command: process.execPath, args: ['-e', script], log: () => undefined });
  closers.push(() => proc.stop('SIGTERM', 2_000));
  return proc;
};

describe('loopback ports for the cluster', () => {
  it.skipIf(!onLinux)(
    'when ports are chosen, then each is below the kernel’s ephemeral range, free, and never handed out twice',
    async () => {
      const [low] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number);
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      expect(new Set(ports).size).toBe(20);
      for (const port of ports) expect(port).toBeLessThan(low!);
      // Free: this process can listen on each.
      for (const port of ports.slice(0, 3)) await stranger(port);
    },
  );

  it.skipIf(!onLinux)('when a process listens on a port, then holdsPort says so of it and of no other process', async () => {
    const port = await freePort();
    const proc = child(port, true);
    await new Promise<void>((resolve) => proc.onLine((line) => line === 'up' && resolve()));
    expect(await holdsPort(proc.pid, port)).toBe(true);
    expect(await holdsPort(process.pid, port)).toBe(false);
    // An outgoing connection from this process to it is not a listener.
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.arrayBuffer();
    expect(await holdsPort(process.pid, port)).toBe(false);
    await proc.stop('SIGTERM', 2_000);
    expect(await holdsPort(proc.pid, port)).toBe(false);
  });

  it.skipIf(!onLinux)(
    'when another program answers /readyz on an instance’s port, then the instance is not taken for ready, and its own answer is',
    async () => {
      const port = await freePort();
      const server: net.Server = await stranger(port);
      const starting = child(port, false);
      // The stranger answers 200, but the instance never listened: not ready, whatever answers.
      await expect(waitReady(starting, port, 1_500)).rejects.toThrow(/was not ready within 1.5 s/);
      await new Promise((resolve) => server.close(resolve));
      const own = child(port, true);
      await expect(waitReady(own, port, 10_000)).resolves.toBeUndefined();
    },
  );
});
