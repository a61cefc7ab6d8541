import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ChatAck, ClientToAdminPayload } from '#contracts/chat.ts';
import { CHAT_TEXTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { ack, collect, connect, connectAdmin, hubTestApi, say, until } from '../testing/sockets.ts';
import { apiRefusals } from '../../tests/support/metrics-text.ts';
import { registerAdmin } from '../testing/test-api.ts';

/*
 * The hub's flood limits, straight to the API: each shopper is an address of 127.0.0.0/8 (all of
 * it reaches the loopback), and each test uses addresses of its own, so no count carries over.
 */
const LIMITS = {
  CHAT_SOCKETS_PER_ADDRESS: 10,
  CHAT_SOCKETS_PER_SESSION: 2,
  CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE: 20,
  CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE: 6,
};
const METRICS_TOKEN = 'flood-metrics-token-0123456789';
const live = hubTestApi({ config: { ...LIMITS, METRICS_TOKEN } });
/** What `limit` refused while `run` ran, from the API's /metrics (the registry is the process's: counted as a difference). */
const refusedBy = async <T>(limit: string, run: () => Promise<T>): Promise<[T, number]> => {
  const before = await apiRefusals(live.t.url, METRICS_TOKEN, limit);
  const result = await run();
  return [result, (await apiRefusals(live.t.url, METRICS_TOKEN, limit)) - before];
};

/** A connected socket, or the message of the connect_error that refused it. */
const attempt = (localAddress: string, token?: string): Promise<Socket | string> =>
  connect(live.t.url, { localAddress, token }).then(live.track, (err: Error) => err.message);
const sockets = (results: Array<Socket | string>) => results.filter((r): r is Socket => typeof r !== 'string');
const refusals = (results: Array<Socket | string>) => results.filter((r): r is string => typeof r === 'string');
const customer = async (localAddress: string) => {
  const s = await attempt(localAddress);
  if (typeof s === 'string') throw new Error(`refused: ${s}`);
  return s;
};
const admin = async () => {
  const a = await connectAdmin(live.t);
  live.track(a.socket);
  return { socket: a.socket, atAdmin: collect<ClientToAdminPayload>(a.socket, SOCKET_EVENTS.serverToAdmin) };
};
const oks = (answers: ChatAck[]) => answers.filter((a) => a.ok).length;

describe('realtime hub: flood limits per address', () => {
  it('when 50 sockets open at once from one address, then those over the limit are refused with a clear message (and counted in /metrics) while another address connects and chats', async () => {
    const { atAdmin } = await admin();
    const [[flood, other], refused] = await refusedBy('chat-sockets-per-address', () =>
      Promise.all([Promise.all(Array.from({ length: 50 }, () => attempt('127.0.0.11'))), attempt('127.0.0.12')]),
    );
    expect(refused).toBe(50 - LIMITS.CHAT_SOCKETS_PER_ADDRESS);
    expect(sockets(flood)).toHaveLength(LIMITS.CHAT_SOCKETS_PER_ADDRESS);
    expect(refusals(flood)).toEqual(Array(50 - LIMITS.CHAT_SOCKETS_PER_ADDRESS).fill(CHAT_TEXTS.tooManyChats));
    expect(typeof other).not.toBe('string');

    // Every admitted socket floods at its own 5 a second: the address's ceilings cut the whole.
    const answers = await Promise.all(sockets(flood).flatMap((s) => [1, 2, 3, 4, 5].map((n) => say(s, `spam ${n}`))));
    expect(await say(other as Socket, 'hello from next door')).toMatchObject({ ok: true });
    await until(() => atAdmin.some((m) => m.message === 'hello from next door'), 'the other address reaches the admin');
    const fromFlood = atAdmin.filter((m) => m.message.startsWith('spam'));
    expect(fromFlood).toHaveLength(oks(answers));
    expect(fromFlood.length).toBeLessThanOrEqual(LIMITS.CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE);
    expect(new Set(fromFlood.map((m) => m.user)).size).toBeLessThanOrEqual(LIMITS.CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE);
    const refusedTexts = new Set(answers.flatMap((a) => (a.ok ? [] : [a.message])));
    expect([...refusedTexts].every((m) => m === CHAT_TEXTS.tooManyMessages || m === CHAT_TEXTS.tooManyNewChats)).toBe(true);
  });

  it('when an address has used its sockets and one closes, then the next socket from it is let in', async () => {
    const first = await Promise.all(Array.from({ length: LIMITS.CHAT_SOCKETS_PER_ADDRESS }, () => customer('127.0.0.13')));
    expect(await attempt('127.0.0.13')).toBe(CHAT_TEXTS.tooManyChats);
    const id = first[0]!.id!;
    first[0]!.disconnect();
    await until(() => !live.hub.of('/').sockets.has(id), 'the hub lets the socket go');
    expect(typeof (await attempt('127.0.0.13'))).not.toBe('string');
  });

  it('when the sockets of one address together send more messages a minute than allowed, then the rest are refused and not delivered; another address still chats', async () => {
    const { atAdmin } = await admin();
    const four = await Promise.all([1, 2, 3, 4].map(() => customer('127.0.0.21')));
    for (const s of four) expect(await say(s, 'hi')).toMatchObject({ ok: true });
    // Four each on top: within every socket's 5 a second, and exactly the address's 20.
    const answers = await Promise.all(four.flatMap((s) => [1, 2, 3, 4].map((n) => say(s, `more ${n}`))));
    expect(oks(answers)).toBe(16);

    const fifth = await customer('127.0.0.21');
    const [, refused] = await refusedBy('chat-messages-per-address', async () => {
      expect(await say(fifth, 'one too many')).toEqual({ ok: false, code: 'rate limited', message: CHAT_TEXTS.tooManyMessages });
    });
    expect(refused).toBe(1);
    const neighbour = await customer('127.0.0.22');
    expect(await say(neighbour, 'hello')).toMatchObject({ ok: true });
    await until(() => atAdmin.length === 21, 'the 20 allowed and the neighbour reach the admin');
    expect(atAdmin.map((m) => m.message)).not.toContain('one too many');
  });

  it('when an address opens more new conversations a minute than allowed, then the next is refused and reaches no admin; open ones go on', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => customer('127.0.0.31')));
    const { atAdmin } = await admin();
    const answers: ChatAck[] = [];
    const [, refused] = await refusedBy('chat-conversations-per-address', async () => {
      for (const s of shoppers) answers.push(await say(s, 'hello'));
    });
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, true, false, false]);
    expect(refused).toBe(2);
    expect(answers[6]).toEqual({ ok: false, code: 'rate limited', message: CHAT_TEXTS.tooManyNewChats });
    expect(await say(shoppers[0]!, 'still here')).toMatchObject({ ok: true });
    expect(await say(await customer('127.0.0.32'), 'new here')).toMatchObject({ ok: true });
    await until(() => atAdmin.length === 8, 'six conversations, one follow-up and the other address reach the admin');
    expect(new Set(atAdmin.map((m) => m.user)).size).toBe(7);
  });
});

describe('realtime hub: flood limits per session, and admins', () => {
  it('when one session opens more sockets than allowed, from any addresses, then the next is refused until one closes', async () => {
    const { token } = await live.t.register();
    const [a] = [await attempt('127.0.0.51', token), await attempt('127.0.0.52', token)];
    const [, refused] = await refusedBy('chat-sockets-per-session', async () => {
      expect(await attempt('127.0.0.53', token)).toBe(CHAT_TEXTS.tooManyWindows);
    });
    expect(refused).toBe(1);
    const id = (a as Socket).id!;
    (a as Socket).disconnect();
    await until(() => !live.hub.of('/').sockets.has(id), 'the hub lets the socket go');
    expect(typeof (await attempt('127.0.0.53', token))).not.toBe('string');
  });

  it('when an admin opens more sockets than a shopper may and answers 20 messages at once, then nothing of it is refused', async () => {
    const { token } = await registerAdmin(live.t, { name: 'Ada', lastName: 'Admin' });
    const results = await Promise.all(Array.from({ length: LIMITS.CHAT_SOCKETS_PER_ADDRESS + 2 }, () => attempt('127.0.0.41', token)));
    expect(refusals(results)).toEqual([]);
    const desk = sockets(results)[0]!;
    expect(await ack(desk, SOCKET_EVENTS.adminConnected, 'desk')).toEqual({ ok: true });

    const shopper = await customer('127.0.0.42');
    const atShopper = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
    expect(await say(shopper, 'help')).toMatchObject({ ok: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => ack(desk, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: `answer ${n}` })),
    );
    expect(oks(answers)).toBe(20);
    await until(() => atShopper.length === 20, 'the shopper has all 20 answers');
  });
});
