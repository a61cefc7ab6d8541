import { randomBytes } from 'node:crypto';
import type { ChatAdmin, ChatConversation, ChatHistoryEntry } from '#contracts/chat.ts';
import { appendCapped, CONVERSATION_RULES, holderAfterReply, isAbandoned, isPastKeeping } from './conversation-rules.ts';

/**
 * An open conversation. Its id is the one the hub issued to its owner (`ownedBy`, decision 013),
 * or the customer's socket id for a client that asks for none (spec section 3); it is the `user`
 * of 'server sends message from client to admin' and what replies and closes name.
 */
export type Conversation = {
  id: string;
  /** The customer's name, when the hub knows it (a logged-in shopper, an identified visitor). */
  name?: string;
  /** The admin who answered first and holds it. */
  takenBy?: ChatAdmin;
  /** When a socket of the customer was last seen (epoch ms). */
  seenAt: number;
};

/** What `record` did: the entry, and whether it was already there (then nothing was appended). */
export type Recorded = { entry: ChatHistoryEntry; repeat: boolean };

export type ConversationRules = { historyLimit: number; customerGoneMs: number; keepMs: number };

/**
 * Customers' conversations, visible to every admin (decision 010). Ids of entries grow per
 * conversation and never restart, even after it ends and opens again, so a client's "last seen
 * id" stays meaningful. Async so that a store shared by several API instances
 * (redis-conversations.ts) can stand in for the in-memory one. Time is read from Date.now().
 */
export type Conversations = {
  /**
   * The conversation id of `owner` (a digest of the proof only the customer holds: their
   * session, the shop's chat cookie, a partner's signed identity), issued on first ask (128
   * random bits) and kept `keepMs` after the last. The only way a customer's socket gets an id
   * other than its own (decision 013): a client never names one.
   */
  ownedBy(owner: string): Promise<string>;
  /** The conversation if open. */
  get(id: string): Promise<Conversation | undefined>;
  /** Opens it (true) unless it is open already (false); either way the customer's name is kept when given. */
  open(id: string, customer: { name?: string }): Promise<boolean>;
  /**
   * Appends a message. With a `clientId` (the sender's own id for it) a repeat of a message the
   * recent history already holds from the same side is not appended again: the original entry
   * comes back with `repeat: true` (a client re-sends what a dropped connection left unanswered).
   */
  record(id: string, from: ChatHistoryEntry['from'], text: string, clientId?: string): Promise<Recorded>;
  /** The first reply takes it: who holds it after `admin` answered, or undefined if it is not open. */
  take(id: string, admin: ChatAdmin): Promise<ChatAdmin | undefined>;
  after(id: string, after: number): Promise<ChatHistoryEntry[]>;
  /** Every open conversation with its messages, oldest first. */
  list(): Promise<ChatConversation[]>;
  /** Sockets of these conversations' customers are connected now. */
  seen(ids: string[]): Promise<void>;
  /** Ends it (an admin closed it, its customer left for good): true if it was open. Its messages go. */
  end(id: string): Promise<boolean>;
  /** Ends every conversation whose customer has been gone for `customerGoneMs`; answers their ids. */
  endAbandoned(): Promise<string[]>;
};

export const DEFAULT_RULES: ConversationRules = { ...CONVERSATION_RULES };

type Entry = ChatHistoryEntry & { cid?: string };
type Room = Conversation & { open: boolean; history: Entry[]; nextId: number; changedAt: number };

const plain = ({ id, from, text }: Entry): ChatHistoryEntry => ({ id, from, text });

/** 128 random bits, 22 characters: never a 20-character socket id. */
export const newConversationId = (): string => randomBytes(16).toString('base64url');

/** The conversations of this process's customers (one API instance, no REDIS_URL). */
export const createConversations = (rules: Partial<ConversationRules> = {}): Conversations => {
  const { historyLimit, customerGoneMs, keepMs } = { ...DEFAULT_RULES, ...rules };
  const rooms = new Map<string, Room>();
  const owned = new Map<string, { id: string; at: number }>();

  /** Forgets what is past keeping, as Redis's key expiry does for the shared store. */
  const kept = (id: string): Room | undefined => {
    const r = rooms.get(id);
    if (r && isPastKeeping(r.changedAt, Date.now(), keepMs)) rooms.delete(id);
    return rooms.get(id);
  };
  const openRoom = (id: string) => {
    const r = kept(id);
    return r?.open ? r : undefined;
  };
  const view = (r: Room): Conversation => ({
    id: r.id,
    seenAt: r.seenAt,
    ...(r.name ? { name: r.name } : {}),
    ...(r.takenBy ? { takenBy: r.takenBy } : {}),
  });
  const changed = (r: Room) => (r.changedAt = Date.now());
  const end = (id: string): boolean => {
    const r = openRoom(id);
    if (!r) return false;
    r.open = false;
    r.history = [];
    r.takenBy = undefined;
    r.name = undefined;
    changed(r);
    return true;
  };

  return {
    async ownedBy(owner) {
      const now = Date.now();
      const known = owned.get(owner);
      const id = known && !isPastKeeping(known.at, now, keepMs) ? known.id : newConversationId();
      // Re-inserted, so the map stays in order of last use and the stale ones are at its head.
      owned.delete(owner);
      owned.set(owner, { id, at: now });
      for (const [key, { at }] of owned) {
        if (!isPastKeeping(at, now, keepMs)) break;
        owned.delete(key);
      }
      return id;
    },
    async get(id) {
      const r = openRoom(id);
      return r ? view(r) : undefined;
    },
    async open(id, { name }) {
      const now = Date.now();
      const r = kept(id);
      if (r?.open) {
        if (name) r.name = name;
        return false;
      }
      rooms.set(id, { id, open: true, history: [], nextId: r?.nextId ?? 1, seenAt: now, changedAt: now, ...(name ? { name } : {}) });
      return true;
    },
    async record(id, from, text, clientId) {
      const r = kept(id) ?? { id, open: false, history: [], nextId: 1, seenAt: Date.now(), changedAt: Date.now() };
      rooms.set(id, r);
      const seen = clientId ? r.history.find((m) => m.cid === clientId && m.from === from) : undefined;
      if (seen) return { entry: plain(seen), repeat: true };
      const entry: Entry = { id: r.nextId++, from, text, ...(clientId ? { cid: clientId } : {}) };
      r.history = appendCapped(r.history, entry, historyLimit);
      changed(r);
      if (from === 'client') r.seenAt = Date.now();
      return { entry: plain(entry), repeat: false };
    },
    async take(id, admin) {
      const r = openRoom(id);
      if (!r) return undefined;
      r.takenBy = holderAfterReply(r.takenBy, admin);
      changed(r);
      return r.takenBy;
    },
    async after(id, after) {
      return (kept(id)?.history ?? []).filter((m) => m.id > after).map(plain);
    },
    async list() {
      const open = [...rooms.keys()].map(openRoom).filter((r): r is Room => r !== undefined);
      return open.map(({ id, name, takenBy, history }) => ({
        user: id,
        ...(name ? { name } : {}),
        ...(takenBy ? { takenBy } : {}),
        messages: history.map(plain),
      }));
    },
    async seen(ids) {
      const now = Date.now();
      for (const id of ids) {
        const r = openRoom(id);
        if (r) r.seenAt = now;
      }
    },
    async end(id) {
      return end(id);
    },
    async endAbandoned() {
      const now = Date.now();
      const gone = [...rooms.keys()].filter((id) => {
        const r = openRoom(id);
        return r !== undefined && isAbandoned(r.seenAt, now, customerGoneMs);
      });
      for (const id of gone) end(id);
      return gone;
    },
  };
};
