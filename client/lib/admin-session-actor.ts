import { createActor } from 'xstate';
import { adminChatMachine } from '#machines/chat/admin-chat.machine.ts';
import { adminSocketActor } from '#machines/chat/admin-socket.actor.ts';
import type { OpenChatSocket } from '#machines/chat/chat-socket.ts';
import { devEventLog } from './event-log.ts';
import { playChatSound } from './play-chat-sound.ts';

const adminSessionLogic = (open: OpenChatSocket) => adminChatMachine.provide({ actors: { socket: adminSocketActor({ open }) } });

/**
 * Starts one admin session (chat rooms, the unread dot's sound, 'newOrder' for analytics) and
 * answers how to stop it. Its own module, loaded with import() once the user is an admin, so
 * the admin chat machine never weighs on a shopper's first load.
 */
export const startAdminSession = (open: OpenChatSocket) => {
  const actor = createActor(adminSessionLogic(open), { inspect: devEventLog?.inspect('admin-chat') });
  const sound = actor.on('admin.sound', () => playChatSound());
  actor.start();
  return {
    actor,
    stop: () => {
      sound.unsubscribe();
      actor.stop();
    },
  };
};
