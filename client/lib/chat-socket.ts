import { createContext } from 'react';
import type { OpenChatSocket } from '#machines/chat/chat-socket.ts';

/**
 * The shop's realtime connection: same origin (the BFF adds the session), spec section 9's
 * options. socket.io-client is imported here, on first use, so it never weighs on the main chunk.
 */
export const openShopSocket: OpenChatSocket = async (options) => {
  const { io } = await import('socket.io-client');
  return io({ ...options, path: '/socket.io' });
};

/** How the chats open their socket: the real one in the app; tests provide a fake through AppProviders. */
export const ChatSocketContext = createContext<OpenChatSocket>(openShopSocket);
