/**
 * Which admin sockets can take conversations, and how many each holds. Async so that a store
 * shared by several API instances (Redis, say) can replace the in-memory one without touching
 * the hub; this one only sees the admins connected to this process.
 */
export type AdminPresence = {
  add(socketId: string, userId: string): Promise<void>;
  remove(socketId: string): Promise<void>;
  has(socketId: string): Promise<boolean>;
  /** A recoverable drop: the admin keeps their conversations but new ones go elsewhere if possible. */
  setConnected(socketId: string, connected: boolean): Promise<void>;
  /**
   * Picks the admin for a new conversation and counts it: a socket of `preferUserId` if one is
   * online (an admin who came back keeps their customers), else the connected admin holding
   * the fewest. An admin inside its recovery window keeps the conversations it has but takes no
   * new one: the customer hears 'no admin' rather than waiting on someone who may not return.
   */
  claim(preferUserId?: string): Promise<{ socketId: string; userId: string } | undefined>;
  /** A conversation of this admin ended. */
  release(socketId: string): Promise<void>;
};

type Entry = { userId: string; connected: boolean; conversations: number };

export const createMemoryPresence = (): AdminPresence => {
  const admins = new Map<string, Entry>();
  const fewest = (candidates: Array<[string, Entry]>) =>
    candidates.reduce<[string, Entry] | undefined>(
      (best, c) => (!best || c[1].conversations < best[1].conversations ? c : best),
      undefined,
    );
  return {
    async add(socketId, userId) {
      const existing = admins.get(socketId);
      admins.set(socketId, { userId, connected: true, conversations: existing?.conversations ?? 0 });
    },
    async remove(socketId) {
      admins.delete(socketId);
    },
    async has(socketId) {
      return admins.has(socketId);
    },
    async setConnected(socketId, connected) {
      const entry = admins.get(socketId);
      if (entry) entry.connected = connected;
    },
    async claim(preferUserId) {
      const online = [...admins.entries()].filter(([, e]) => e.connected);
      const pick = fewest(online.filter(([, e]) => e.userId === preferUserId)) ?? fewest(online);
      if (!pick) return undefined;
      pick[1].conversations += 1;
      return { socketId: pick[0], userId: pick[1].userId };
    },
    async release(socketId) {
      const entry = admins.get(socketId);
      if (entry && entry.conversations > 0) entry.conversations -= 1;
    },
  };
};
