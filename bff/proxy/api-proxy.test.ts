import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { apiProxy } from './api-proxy.ts';

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('the proxy keeps idle API connections only while the API does', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(close));
  });

  it('when the API announces its keep-alive timeout, then the BFF lets an idle connection go before the API closes it (no 502 from a reused, closing socket)', async () => {
    const api = http.createServer((_req, res) => res.end('[]'));
    api.keepAliveTimeout = 5_000; // Node's default, announced as `Keep-Alive: timeout=5`
    servers.push(api);
    const { middleware, agent } = apiProxy({
      target: await listen(api),
      logger: pino({ level: 'silent' }),
      clearSession: () => '',
      instanceId: 'bff',
    });
    const bff = http.createServer(express().use(middleware));
    servers.push(bff);
    const res = await fetch(`${await listen(bff)}/api/products`);
    expect(res.status).toBe(200);
    await res.text();

    const idle = Object.values(agent.freeSockets).flat() as Socket[];
    expect(idle.length).toBe(1);
    // Without an idle timeout the agent keeps the socket until the API's FIN, racing the next request.
    expect(idle[0]!.timeout).toBeGreaterThan(0);
    expect(idle[0]!.timeout).toBeLessThan(api.keepAliveTimeout);
    agent.destroy();
  });
});
