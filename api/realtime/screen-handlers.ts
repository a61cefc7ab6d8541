import { parseSharedScreen, SCREEN_EVENTS, type ScreenToAdmin, type SharedScreen } from '#contracts/shared-screen.ts';
import type { Conversations } from './conversations.ts';
import { isChatError, parseAdminClose } from './payloads.ts';
import type { AdminPresence } from './presence.ts';
import type { ScreenBus } from './screen-bus.ts';
import { type Ack, failure, notAdmin, reply } from './reply.ts';
import { createScreenRelay } from './screen-relay.ts';
import type { ScreenShares } from './screen-shares.ts';
import { ADMINS_ROOM, conversationOf, type HubServer, type HubSocket } from './types.ts';

export type Screens = {
  /** Wires one socket: a shopper's consent and screen, an admin's ask. */
  wire(socket: HubSocket): void;
  /** The shopper's first message opened the conversation: a screen shared before it goes to admins now. */
  opened(conversation: string): void;
  /** The conversation ended (an admin closed it): its sharing ends with it. */
  ended(conversation: string): void;
  /** The conversations sharing through this instance's sockets now. */
  sharingNow(): string[];
  /** The conversations whose screen this instance heard of from another instance. */
  othersNow(): string[];
  /** These shares are over (their instance died): their screens go from this instance's memory and admin pages. */
  forget(conversations: string[]): void;
  close(): void;
};

/** An admin page acknowledges each screen; one that does not is simply not waited for. */
const SHOWN_ACK_MS = 10_000;
const ignoreAcks = () => undefined;

/** Between instances: the ask on this conversation is over (see `answered`). */
const ANSWERED = 'screen answered';

const notSharing = failure({ code: 'invalid', message: 'Share your screen first: the update was not sent' });
const notAScreen = failure({ code: 'invalid', message: 'A screen update must be a SharedScreen under 2 KB' });
const alreadyAsked = failure({ code: 'invalid', message: 'The shopper was asked already: wait for their answer' });

/**
 * The shopper's screen (decision 022): relayed only while the shopper consents, only to the
 * admins' room (admin sockets of this shop, which see every open conversation), coalesced, and
 * never stored. Which sockets of a conversation share is kept here, per instance; a socket
 * that leaves stops its share. When sharing ends, its conversation keeps one line saying from
 * when to when, and nothing of what was shown: the share's start is kept in the database while
 * it lasts (`shares`), so a share this instance cannot end (a crash) is ended by its next start.
 */
export const createScreens = (
  io: HubServer,
  presence: AdminPresence,
  conversations: Conversations,
  shares: ScreenShares,
  { cluster = false, bus, onError = () => undefined }: { cluster?: boolean; bus?: ScreenBus; onError?: (err: unknown) => void } = {},
): Screens => {
  /**
   * The newest screen each sharing conversation showed admins, this instance's and (through the
   * bus) the others': in memory, gone when sharing stops, so that an admin page that (re)loads
   * anywhere lists it.
   */
  const latest = new Map<string, SharedScreen>();
  /**
   * To this instance's admin sockets, acknowledged and local: socket.io keeps neither kind for
   * connection-state recovery (nor, in the cluster, in the Redis stream), so nothing of a screen
   * waits anywhere after the share. An admin page back from a drop asks `screen list` instead.
   */
  const show = (shown: ScreenToAdmin) => {
    if (shown.screen) latest.set(shown.user, shown.screen);
    else latest.delete(shown.user);
    io.local.to(ADMINS_ROOM).timeout(SHOWN_ACK_MS).emit(SCREEN_EVENTS.shown, shown, ignoreAcks);
  };
  const emit = (user: string, screen: ScreenToAdmin['screen']) => {
    show({ user, screen });
    bus?.publish({ user, screen });
  };
  bus?.listen(show);
  const relay = createScreenRelay(emit);
  /** Conversation → its sockets that share now. */
  const sharing = new Map<string, Set<string>>();
  /**
   * Each conversation's share writes, one after another, so that a share ended at once after it
   * began finds its start written (a pool of PostgreSQL connections could run them the other way).
   */
  const writes = new Map<string, Promise<unknown>>();
  const write = (conversation: string, task: () => Promise<unknown>): Promise<unknown> => {
    const done = (writes.get(conversation) ?? Promise.resolve())
      .then(task)
      .catch(onError)
      .finally(() => writes.get(conversation) === done && writes.delete(conversation));
    writes.set(conversation, done);
    return done;
  };
  const noteEnd = (conversation: string) => void write(conversation, () => shares.ended(conversation));
  /** A screen shared before the first message, held (in memory, while sharing) until the conversation opens. */
  const early = new Map<string, SharedScreen>();
  /**
   * Sharing conversations known to be open (the database said so when the shopper consented, or
   * their first message opened them here): their updates cost no query. Only a share before the
   * conversation opened elsewhere asks again, on its next update. Forgotten when sharing stops.
   */
  const known = new Set<string>();
  /** Conversations whose shopper was asked and has not answered: one ask at a time. */
  const asked = new Set<string>();
  /**
   * The shopper answered, or the conversation ended: the ask is over on every instance. The ask
   * is marked where the admin asked, the answer comes where the shopper's socket is, so in a
   * cluster the other instances are told (socket.io's server-side emit, through Redis).
   */
  const answered = (conversation: string) => {
    asked.delete(conversation);
    if (cluster) io.serverSideEmit(ANSWERED, conversation);
  };
  if (cluster) io.on(ANSWERED, (conversation: unknown) => typeof conversation === 'string' && asked.delete(conversation));

  const stop = (conversation: string, socketId: string) => {
    const sockets = sharing.get(conversation);
    if (!sockets?.delete(socketId)) return;
    if (sockets.size > 0) return;
    sharing.delete(conversation);
    early.delete(conversation);
    known.delete(conversation);
    relay.stop(conversation);
    noteEnd(conversation);
  };

  const wire = (socket: HubSocket) => {
    /**
     * The socket's screen events one after another, as sent: a page that connects while its
     * shopper shares sends its consent and its screen at once, and the consent's handler waits
     * (is this an admin?) before it records the share, so the screen run beside it was refused.
     */
    let tail = Promise.resolve();
    const on = (event: string, handler: (payload: unknown, ack: Ack | undefined) => Promise<void> | void) =>
      socket.on(event, (...args: unknown[]) => {
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
        tail = tail.then(() => handler(args[0], ack)).catch(() => reply(socket, ack, failure({ code: 'invalid', message: 'Try again' })));
      });
    const isAdmin = async () => socket.data.user?.isAdmin === true && (await presence.has(socket.id));

    on(SCREEN_EVENTS.share, async (payload, ack) => {
      // An admin's socket answers customers; it has no screen of a conversation to share.
      if (await isAdmin()) return reply(socket, ack, notAdmin);
      const conversation = conversationOf(socket);
      answered(conversation);
      if ((payload as { on?: unknown } | null)?.on === true) {
        const first = !sharing.has(conversation);
        sharing.set(conversation, (sharing.get(conversation) ?? new Set()).add(socket.id));
        // Answered once the start is kept: from then on a crash cannot lose the share's line.
        if (first) {
          const since = Date.now();
          await write(conversation, () => shares.began(conversation, since));
        }
        // Whether admins may see it is asked now, once, so that no screen waits on the database.
        if (!known.has(conversation) && (await conversations.get(conversation)) && sharing.has(conversation)) known.add(conversation);
      } else stop(conversation, socket.id);
      reply(socket, ack, { ok: true });
    });

    on(SCREEN_EVENTS.update, async (payload, ack) => {
      const conversation = conversationOf(socket);
      if (!sharing.get(conversation)?.has(socket.id)) return reply(socket, ack, notSharing);
      const screen = parseSharedScreen(payload);
      if (!screen) return reply(socket, ack, notAScreen);
      // Admins see open conversations only: a screen before the first message waits for one.
      if (!known.has(conversation)) {
        if (!(await conversations.get(conversation))) {
          early.set(conversation, screen);
          return reply(socket, ack, { ok: true });
        }
        // Still sharing after the wait (a stop meanwhile must not leave it known).
        if (sharing.has(conversation)) known.add(conversation);
      }
      relay.push(conversation, screen);
      reply(socket, ack, { ok: true });
    });

    on(SCREEN_EVENTS.ask, async (payload, ack) => {
      if (!(await isAdmin())) return reply(socket, ack, notAdmin);
      const body = parseAdminClose(
        typeof payload === 'object' && payload !== null ? { roomId: (payload as { user?: unknown }).user } : payload,
      );
      if (isChatError(body)) return reply(socket, ack, failure(body));
      if (!(await conversations.get(body.roomId))) {
        return reply(socket, ack, failure({ code: 'no conversation', message: 'That customer has no open conversation' }));
      }
      if (asked.has(body.roomId)) return reply(socket, ack, alreadyAsked);
      asked.add(body.roomId);
      io.to(body.roomId).emit(SCREEN_EVENTS.asked);
      reply(socket, ack, { ok: true });
    });

    on(SCREEN_EVENTS.list, async (_payload, ack) => {
      if (!(await isAdmin())) return reply(socket, ack, notAdmin);
      const screens = [...latest].map(([user, screen]): ScreenToAdmin => ({ user, screen }));
      (ack as ((answer: unknown) => void) | undefined)?.({ ok: true, screens });
    });

    socket.on('disconnect', () => stop(conversationOf(socket), socket.id));
  };

  return {
    wire,
    opened(conversation) {
      const screen = early.get(conversation);
      early.delete(conversation);
      if (sharing.has(conversation)) known.add(conversation);
      if (screen && sharing.has(conversation)) relay.push(conversation, screen);
    },
    ended(conversation) {
      answered(conversation);
      early.delete(conversation);
      known.delete(conversation);
      if (sharing.delete(conversation)) {
        relay.stop(conversation);
        noteEnd(conversation);
      } else if (latest.has(conversation)) emit(conversation, null);
    },
    sharingNow: () => [...sharing.keys()],
    othersNow: () => [...latest.keys()].filter((conversation) => !sharing.has(conversation)),
    forget(conversations) {
      for (const conversation of conversations)
        if (!sharing.has(conversation) && latest.has(conversation)) show({ user: conversation, screen: null });
    },
    close: () => relay.close(),
  };
};
