import type { ChatHistoryEntry } from '../../contracts/chat.ts';

/** A customer's room (keyed by their socket id) and the admin it is assigned to. */
export type Conversation = {
  roomId: string;
  adminSocketId?: string;
  /** Kept when the admin's socket leaves, so the same admin gets the customer back on return. */
  adminUserId?: string;
};

/** What `record` did: the entry, and whether it was already there (then nothing was appended). */
export type Recorded = { entry: ChatHistoryEntry; repeat: boolean };

/**
 * Customers' conversations with a bounded history for replay. Ids grow per room and never
 * restart while the socket lives, even when the admin closes the chat, so a client's "last
 * seen id" stays meaningful. Async so that a store shared by several API instances
 * (redis-conversations.ts) can stand in for the in-memory one.
 */
export type Conversations = {
  /** The open conversation of a room, if any. */
  get(roomId: string): Promise<Conversation | undefined>;
  assign(roomId: string, admin: { socketId: string; userId: string }): Promise<void>;
  /**
   * Appends a message. With a `clientId` (the sender's own id for it) a repeat of a message the
   * room's recent history already holds from the same side is not appended again: the original
   * entry comes back with `repeat: true` (a client re-sends what a dropped connection left unanswered).
   */
  record(roomId: string, from: ChatHistoryEntry['from'], text: string, clientId?: string): Promise<Recorded>;
  after(roomId: string, id: number): Promise<ChatHistoryEntry[]>;
  /** The admin closed it: the next customer message starts a new conversation. */
  close(roomId: string): Promise<void>;
  /** The customer's socket is gone for good; true if it ever reached an admin (whose screen shows the room). */
  drop(roomId: string): Promise<boolean>;
  /** The admin's socket is gone for good: their conversations wait for the next customer message. */
  unassignAdmin(socketId: string): Promise<void>;
};

/** The conversations of the customers connected to this process. */
export const createConversations = (historyLimit: number): Conversations => {
  // `cid`: the sender's id for the entry, kept alongside it (and trimmed with it) to spot repeats.
  type Entry = ChatHistoryEntry & { cid?: string };
  const rooms = new Map<string, Conversation & { history: Entry[]; nextId: number; open: boolean }>();
  const plain = ({ id, from, text }: Entry): ChatHistoryEntry => ({ id, from, text });

  const room = (roomId: string) => {
    let r = rooms.get(roomId);
    if (!r) rooms.set(roomId, (r = { roomId, history: [], nextId: 1, open: false }));
    return r;
  };

  return {
    async get(roomId) {
      const r = rooms.get(roomId);
      return r?.open ? { roomId, adminSocketId: r.adminSocketId, adminUserId: r.adminUserId } : undefined;
    },
    async assign(roomId, admin) {
      const r = room(roomId);
      r.open = true;
      r.adminSocketId = admin.socketId;
      r.adminUserId = admin.userId;
    },
    async record(roomId, from, text, clientId) {
      const r = room(roomId);
      const seen = clientId ? r.history.find((m) => m.cid === clientId && m.from === from) : undefined;
      if (seen) return { entry: plain(seen), repeat: true };
      const entry: Entry = { id: r.nextId++, from, text, ...(clientId ? { cid: clientId } : {}) };
      r.history.push(entry);
      if (r.history.length > historyLimit) r.history.splice(0, r.history.length - historyLimit);
      return { entry: plain(entry), repeat: false };
    },
    async after(roomId, id) {
      return (rooms.get(roomId)?.history ?? []).filter((m) => m.id > id).map(plain);
    },
    async close(roomId) {
      const r = rooms.get(roomId);
      if (!r) return;
      r.open = false;
      r.history = [];
      r.adminSocketId = undefined;
      r.adminUserId = undefined;
    },
    async drop(roomId) {
      return rooms.delete(roomId);
    },
    async unassignAdmin(socketId) {
      for (const r of rooms.values()) if (r.adminSocketId === socketId) r.adminSocketId = undefined;
    },
  };
};
