import type { ChatHistoryEntry } from '../../contracts/chat.ts';

/** A customer's room (keyed by their socket id) and the admin it is assigned to. */
export type Conversation = {
  roomId: string;
  adminSocketId?: string;
  /** Kept when the admin's socket leaves, so the same admin gets the customer back on return. */
  adminUserId?: string;
  history: ChatHistoryEntry[];
};

/**
 * The conversations of the customers connected to this process, with a bounded history for
 * replay. Ids grow per room and never restart while the socket lives, even when the admin
 * closes the chat, so a client's "last seen id" stays meaningful.
 */
export const createConversations = (historyLimit: number) => {
  const rooms = new Map<string, Conversation & { nextId: number; open: boolean }>();

  const room = (roomId: string) => {
    let r = rooms.get(roomId);
    if (!r) rooms.set(roomId, (r = { roomId, history: [], nextId: 1, open: false }));
    return r;
  };

  return {
    /** The open conversation of a room, if any. */
    get(roomId: string): Conversation | undefined {
      const r = rooms.get(roomId);
      return r?.open ? r : undefined;
    },
    assign(roomId: string, admin: { socketId: string; userId: string }): void {
      const r = room(roomId);
      r.open = true;
      r.adminSocketId = admin.socketId;
      r.adminUserId = admin.userId;
    },
    record(roomId: string, from: ChatHistoryEntry['from'], text: string): ChatHistoryEntry {
      const r = room(roomId);
      const entry = { id: r.nextId++, from, text };
      r.history.push(entry);
      if (r.history.length > historyLimit) r.history.splice(0, r.history.length - historyLimit);
      return entry;
    },
    after(roomId: string, id: number): ChatHistoryEntry[] {
      return (rooms.get(roomId)?.history ?? []).filter((m) => m.id > id);
    },
    /** The admin closed it: the next customer message starts a new conversation. */
    close(roomId: string): void {
      const r = rooms.get(roomId);
      if (!r) return;
      r.open = false;
      r.history = [];
      r.adminSocketId = undefined;
      r.adminUserId = undefined;
    },
    /** The customer's socket is gone for good; true if it ever reached an admin (whose screen shows the room). */
    drop(roomId: string): boolean {
      return rooms.delete(roomId);
    },
    /** The admin's socket is gone for good: their conversations wait for the next customer message. */
    unassignAdmin(socketId: string): void {
      for (const r of rooms.values()) if (r.adminSocketId === socketId) r.adminSocketId = undefined;
    },
  };
};

export type Conversations = ReturnType<typeof createConversations>;
