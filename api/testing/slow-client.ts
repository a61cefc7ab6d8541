import net from 'node:net';

export type SlowClient = {
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
  /** Sends more bytes (a body that trickles in). */
  write(text: string): void;
  destroy(): void;
};

/**
 * A client that sends `start` (a request's head, and maybe part of its body) and then nothing
 * more until the test says: what a slow or stalled client looks like to a server. `localAddress`
 * picks one of 127.0.0.0/8 so a test can play several addresses.
 */
export const slowClient = (baseUrl: string, start: string, localAddress = '127.0.0.1'): Promise<SlowClient> =>
  new Promise((resolve, reject) => {
    const { port, hostname } = new URL(baseUrl);
    const socket = net.connect({ port: Number(port), host: hostname, localAddress });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      socket.on('error', () => undefined);
      if (start) socket.write(start);
      resolve({ closed, write: (text) => void socket.write(text), destroy: () => socket.destroy() });
    });
  });

/** The head of a request with a body of `length` bytes, as a browser would send it to the shop. */
export const requestHead = (method: string, path: string, length: number, type = 'application/json'): string =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nX-CSRF: 1\r\n\r\n`;
