/**
 * Which admin sockets are online. Every admin socket hears every conversation; presence answers
 * whether anyone is there (else the customer hears 'no admin') and which sockets may act as
 * admins. Async so that a store shared by several API instances (redis-presence.ts) can replace
 * the in-memory one without touching the hub; this one only sees the admins of this process.
 */
export type AdminPresence = {
  add(socketId: string, userId: string): Promise<void>;
  remove(socketId: string): Promise<void>;
  has(socketId: string): Promise<boolean>;
  /** A recoverable drop: the admin still counts as an admin, but not as someone who is there. */
  setConnected(socketId: string, connected: boolean): Promise<void>;
  /** Whether a connected admin is there to read a customer's message now. */
  online(): Promise<boolean>;
};

export const createMemoryPresence = (): AdminPresence => {
  const admins = new Map<string, { userId: string; connected: boolean }>();
  return {
    async add(socketId, userId) {
      admins.set(socketId, { userId, connected: true });
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
    async online() {
      return [...admins.values()].some((e) => e.connected);
    },
  };
};
