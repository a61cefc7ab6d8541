import { CHAT_SOUND } from '#machines/chat/customer-chat.machine.ts';

/**
 * Plays chat-msg.mp3 (client/public). Browsers refuse sound before the user has interacted
 * with the page; the red dot still tells them, so a refusal is not an error.
 */
export const playChatSound = (): void => {
  try {
    const audio = new Audio(`/${CHAT_SOUND}`);
    void audio.play()?.catch(() => undefined);
  } catch {
    // No audio support (an old or locked-down browser): the dot is enough.
  }
};
