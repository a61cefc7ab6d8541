/**
 * The fragment of a shop page's address that opens the support chat on arrival: the reply
 * mail's link back to the conversation. A file of its own, so the chat button's small chunk
 * carries this one word and not the chat's contracts.
 */
export const CHAT_OPEN_HASH = '#support-chat';
