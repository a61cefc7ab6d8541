/** The live support chat (issue 7): the shopper's widget, the admin's chats and the header's dot. */
export { SupportChatWidget } from './support-chat-widget.tsx';
export { AdminUnreadDot } from './admin-unread-dot.tsx';
export { AdminChatsPage } from './admin-chats-page.tsx';
