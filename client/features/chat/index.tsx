/**
 * The live support chat, admin side: the admin's chats and the header's dot. The
 * shopper's widget (support-chat-widget.tsx) is not here: the layout shows its launcher on every
 * page once the browser is idle, from a chunk of its own that fetches the panel on first open.
 */
export { AdminUnreadDot } from './admin-unread-dot.tsx';
export { AdminChatsPage } from './admin-chats-page.tsx';
