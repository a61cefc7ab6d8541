import { EventEmitter } from 'node:events';
import type { NewOrderPayload } from '#contracts/chat.ts';

/**
 * Domain events raised after their transaction has committed, for listeners such as the
 * realtime hub (newOrder to admins, disconnecting a demoted admin's sockets).
 */
export type DomainEventMap = {
  orderCreated: [order: NewOrderPayload];
  /** A user's role, password or existence changed: their live connections must re-check. */
  userChanged: [userId: string];
  sessionRevoked: [sessionId: string];
};

export class DomainEvents extends EventEmitter<DomainEventMap> {}
