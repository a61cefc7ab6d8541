import { io } from 'socket.io-client';
import { createMount, playAudio } from './mount.ts';

/** The widget bundle: the loader calls `StatefrontChatWidget.mount(...)` on first open. */
export const mount = createMount({ createSocket: (origin, options) => io(origin, options), playSound: playAudio });
