import type { Socket } from 'socket.io';
import { inSpan, tracing } from '#server/tracing.ts';

/**
 * A span for each socket message the hub receives, a trace of its own (the BFF relays the
 * socket's frames, not requests), ended when the message is acknowledged, else once handled.
 */
export const traceMessages = (socket: Socket): void => {
  socket.use((packet, next) => {
    if (!tracing()) return next();
    const [event] = packet;
    inSpan(
      `socket.io ${String(event)}`,
      { 'messaging.system': 'socket.io', 'messaging.operation.type': 'receive', 'socket.id': socket.id },
      (end) => {
        const last = packet.length - 1;
        const ack = packet[last];
        if (typeof ack === 'function') {
          packet[last] = (...args: unknown[]) => {
            end();
            return (ack as (...a: unknown[]) => unknown)(...args);
          };
          next();
        } else {
          next();
          end();
        }
      },
    );
  });
};
