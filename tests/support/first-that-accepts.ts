import net from 'node:net';

/**
 * The balancer in miniature: each connection goes to the first instance that accepts it, so a
 * draining instance (listening no more) hands its clients to the next one.
 */
export const firstThatAccepts = async (ports: () => number[]) => {
  const server = net.createServer((client) => {
    client.pause();
    const tryAt = (rest: number[]) => {
      if (rest.length === 0) return void client.destroy();
      const upstream = net.connect(rest[0]!, '127.0.0.1');
      upstream.once('error', () => tryAt(rest.slice(1)));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        client.pipe(upstream).pipe(client);
        client.resume();
        const end = () => (client.destroy(), upstream.destroy());
        client.once('error', end).once('close', end);
        upstream.once('error', end).once('close', end);
      });
    };
    tryAt(ports());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

export const portOf = (url: string): number => Number(new URL(url).port);
