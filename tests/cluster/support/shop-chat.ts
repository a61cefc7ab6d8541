/**
 * The shop's own chat code, run in Node against the cluster: the machines and socket actors the
 * pages run (machines/chat/), over socket.io-client sockets that record where they land
 * (support/chat.ts). The cases that stop an instance mid-chat use these, so what they prove is
 * what a shopper and an admin get, with no re-send of the test's own.
 */
import { createActor } from 'xstate';
import { adminChatMachine } from '#machines/chat/admin-chat.machine.ts';
import { adminSocketActor } from '#machines/chat/admin-socket.actor.ts';
import type { OpenChatSocket } from '#machines/chat/chat-socket.ts';
import { customerChatMachine } from '#machines/chat/customer-chat.machine.ts';
import { customerSocketActor } from '#machines/chat/customer-socket.actor.ts';
import { SOCKET_EVENTS } from '#contracts/chat.ts';
import { type ChatClient, placedSocket, until } from './chat.ts';

export type ShopChat = ChatClient & {
  /** Types a message and presses Enter, as the shopper does in the shop's chat panel. */
  say(text: string): void;
  /** What the panel shows: the shopper's messages and the support's. */
  shown(): { mine: string[]; support: string[] };
  /** Every notice the panel showed (a refusal's sentence, or "no admin"), in order. */
  notices: string[];
  /** How many 'client sends message' packets left the socket (sent again after a drop included). */
  packets(): number;
};

/**
 * The shop's own support chat, as the page runs it: customerChatMachine with the shared
 * customerSocketActor (what the shop and the partner widget run), over a Node socket.io-client
 * opened with the machine's options. Only the reconnection delays and the websocket-only
 * transport (to read the 101's X-Instance) differ from a browser; the box clears at once
 * instead of after 200 ms, so the suite can type faster than a person.
 */
export const openShopChat = async (url: string, { cookie }: { cookie?: string } = {}): Promise<ShopChat> => {
  let client: ChatClient | undefined;
  let packets = 0;
  const open: OpenChatSocket = (options) => {
    client = placedSocket(url, cookie, options);
    client.socket.onAnyOutgoing((event: string) => void (event === SOCKET_EVENTS.clientSendsMessage && packets++));
    return client.socket;
  };
  const actor = createActor(customerChatMachine.provide({ actors: { socket: customerSocketActor({ open }) }, delays: { inputClear: 0 } }));
  const notices: string[] = [];
  actor.subscribe((snapshot) => {
    // "no admin" shows as a state of its own, not as a notice.
    const notice = snapshot.hasTag('noAdmin') ? 'no admin here now' : snapshot.context.notice;
    if (notice && notices.at(-1) !== notice) notices.push(notice);
  });
  actor.start();
  await until(() => !!client?.socket.connected && actor.getSnapshot().hasTag('online'), 'the shop chat is online', 20_000);
  const opened = client!;
  return {
    ...opened,
    close: () => actor.stop(),
    say(text) {
      actor.send({ type: 'chat.input', text });
      actor.send({ type: 'chat.submit' });
    },
    shown() {
      const { messages } = actor.getSnapshot().context;
      return {
        mine: messages.flatMap((m) => ('client' in m ? [m.client] : [])),
        support: messages.flatMap((m) => ('admin' in m ? [m.admin] : [])),
      };
    },
    notices,
    packets: () => packets,
  };
};

export type ShopAdmin = ChatClient & {
  /** What the admin's screen shows from customers, in arrival order (with the room and the name shown). */
  received(): { user: string; message: string; name?: string }[];
  /** Every notice the admin page showed (a refusal's sentence), in order. */
  notices: string[];
};

/**
 * The admin page's chat (adminChatMachine with adminSocketActor) with an admin session's
 * cookie, answering every customer message with `re <text>` as soon as it shows.
 */
export const openShopAdmin = async (url: string, cookie: string): Promise<ShopAdmin> => {
  let client: ChatClient | undefined;
  const open: OpenChatSocket = (options) => (client = placedSocket(url, cookie, options)).socket;
  const actor = createActor(adminChatMachine.provide({ actors: { socket: adminSocketActor({ open }) } }));
  const notices: string[] = [];
  const answered = new Map<string, number>();
  actor.subscribe((snapshot) => {
    const { notice, rooms } = snapshot.context;
    if (notice && notices.at(-1) !== notice) notices.push(notice);
    for (const room of rooms) {
      const texts = room.messages.flatMap((m) => ('client' in m ? [m.client] : []));
      const from = answered.get(room.user) ?? 0;
      // Marked first: sending re-enters this listener with the next snapshot.
      answered.set(room.user, texts.length);
      for (const text of texts.slice(from)) actor.send({ type: 'admin.send', user: room.user, message: `re ${text}` });
    }
  });
  actor.start();
  await until(() => !!client?.socket.connected && actor.getSnapshot().hasTag('online'), 'the admin chat is online', 20_000);
  return {
    ...client!,
    close: () => actor.stop(),
    received() {
      const { rooms, names } = actor.getSnapshot().context;
      return rooms.flatMap((r) =>
        r.messages.flatMap((m) =>
          'client' in m ? [{ user: r.user, message: m.client, ...(names[r.user] ? { name: names[r.user] } : {}) }] : [],
        ),
      );
    },
    notices,
  };
};
