import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readableMessage } from './mail-inbox.ts';

export type ReceivedMail = { to: string[]; raw: string };

export type SmtpInbox = {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Waits (up to 10 s) until `count` mails whose text matches `match` arrived; answers them. */
  waitFor(match: RegExp, count?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

/** A mail server for tests (smtp-server): accepts every mail, keeps it readable. */
export const startSmtpInbox = async (): Promise<SmtpInbox> => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: readableMessage(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  // A client killed mid-session (the crash tests SIGKILL the API while it sends) resets its
  // connection: smtp-server reports that on the server, where no listener would make it an
  // uncaught exception of the test run. The inbox serves on; what arrived whole is kept.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const matching = (match: RegExp) => received.filter((m) => match.test(m.raw));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(match, count = 1) {
      for (let i = 0; i < 100 && matching(match).length < count; i++) await new Promise((r) => setTimeout(r, 100));
      if (matching(match).length < count) throw new Error(`fewer than ${count} mails matching ${match}`);
      return matching(match);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
