import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { ChatServerToClient } from '#contracts/chat.ts';
import type { ScreenServerToClient } from '#contracts/shared-screen.ts';
import type { AuthUser } from '../auth/types.ts';
import type { Identity } from './identify.ts';

/** Settled at the handshake (and again on every recovered reconnection). */
export type HubSocketData = {
  user?: AuthUser;
  identity?: Identity;
  /** Why `auth.identify` was refused, told to the socket once. */
  identifyError?: string;
  /** The shopper's address, as the BFF signed it (else the connection's): what per-address limits key on. */
  address?: string;
  /**
   * Set when the socket's kept conversation rests on a visitor token the hub made at the handshake;
   * `token` is there until the connection has sent it ('chat visitor'), then dropped.
   */
  anonymous?: { token?: string };
  /** The conversation id the hub issued to this customer's proof (decision 013), when it asked to keep one and has a proof. */
  conversation?: string;
};

// Incoming events are not typed: sockets are untrusted, so handlers take unknown and check it.
type HubToClient = ChatServerToClient & ScreenServerToClient;
export type HubServer = Server<DefaultEventsMap, HubToClient, DefaultEventsMap, HubSocketData>;
export type HubSocket = Socket<DefaultEventsMap, HubToClient, DefaultEventsMap, HubSocketData>;

export const ADMINS_ROOM = 'admins';
/**
 * Every socket of an admin session, announced as a chat admin or not (the analytics page
 * listens for newOrder without taking customers' conversations).
 */
export const ORDERS_ROOM = 'admin-orders';
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** A customer's conversation: the id issued to their proof (session, guest cookie, signed identity), else their socket id. */
export const conversationOf = (socket: Pick<HubSocket, 'id' | 'data'>): string => socket.data.conversation ?? socket.id;
