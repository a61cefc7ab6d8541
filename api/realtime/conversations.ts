import type { ChatHistoryEntry } from '../../contracts/chat.ts';

/** A customer's room (keyed by their socket id) and the admin it is assigned to. */
export type Conversation = {
  roomId: string;
  adminSocketId?: string;
  /** Kept when the admin's socket leaves, so the same admin gets the customer back on return. */
  adminUserId?: string;
};

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
  record(roomId: string, from: ChatHistoryEntry['from'], text: string): Promise<ChatHistoryEntry>;
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
  const rooms = new Map<string, Conversation & { history: ChatHistoryEntry[]; nextId: number; open: boolean }>();

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
    async record(roomId, from, text) {
      const r = room(roomId);
      const entry = { id: r.nextId++, from, text };
      r.history.push(entry);
      if (r.history.length > historyLimit) r.history.splice(0, r.history.length - historyLimit);
      return entry;
    },
    async after(roomId, id) {
      return (rooms.get(roomId)?.history ?? []).filter((m) => m.id > id);
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
