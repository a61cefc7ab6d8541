import { SOCKET_EVENTS } from '#contracts/chat.ts';
import { liveSessionUser } from '../auth/sessions.ts';
import type { ApiContext } from '../context.ts';
import type { DomainEventMap } from '../events.ts';
import type { AccountChange } from './hub-socket.machine.ts';
import { ADMINS_ROOM, ORDERS_ROOM, type HubServer, sessionRoom, userRoom } from './types.ts';

type Listeners = { [K in keyof DomainEventMap]: (...args: DomainEventMap[K]) => void };

/**
 * Reacts to the domain: a new order goes to admins, and a user whose role, password or
 * session changed has every socket re-checked. An admin socket that is no longer backed by a
 * live admin session is disconnected; a customer's socket merely loses its identity.
 * `recheckDeparted` does the same for admin sockets inside their recovery window, which no
 * room lookup can reach. Returns the function that stops listening.
 */
export const watchAccounts = (io: HubServer, ctx: ApiContext, recheckDeparted: (change: AccountChange) => void) => {
  const recheck = async (room: string) => {
    for (const remote of await io.in(room).fetchSockets()) {
      const before = remote.data.user;
      if (!before) continue;
      const now = await liveSessionUser(ctx.db, before.sessionId, before._id);
      if ((remote.rooms.has(ADMINS_ROOM) || remote.rooms.has(ORDERS_ROOM)) && !now?.isAdmin) {
        remote.disconnect(true);
        continue;
      }
      const local = io.of('/').sockets.get(remote.id);
      if (local) local.data.user = now ?? undefined;
    }
  };
  const run = (room: string) => {
    recheck(room).catch((err: unknown) => ctx.logger.error({ err, room }, 'could not re-check chat sockets'));
  };

  const listeners: Listeners = {
    orderCreated: (order) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.newOrder, order);
    },
    userChanged: (userId) => {
      recheckDeparted({ userId });
      run(userRoom(userId));
    },
    sessionRevoked: (sessionId) => {
      recheckDeparted({ sessionId });
      run(sessionRoom(sessionId));
    },
  };
  ctx.events.on('orderCreated', listeners.orderCreated);
  ctx.events.on('userChanged', listeners.userChanged);
  ctx.events.on('sessionRevoked', listeners.sessionRevoked);
  return () => {
    ctx.events.off('orderCreated', listeners.orderCreated);
    ctx.events.off('userChanged', listeners.userChanged);
    ctx.events.off('sessionRevoked', listeners.sessionRevoked);
  };
};
