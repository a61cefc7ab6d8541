/** Spec section 7's realtime events: the names are the protocol and stay exactly so. */
export const SOCKET_EVENTS = {
  clientSendsMessage: 'client sends message',
  adminConnected: 'admin connected with server',
  adminSendsMessage: 'admin sends message',
  adminClosesChat: 'admin closes chat',
  serverToClient: 'server sends message from admin to client',
  noAdmin: 'no admin',
  adminClosedChat: 'admin closed chat',
  serverToAdmin: 'server sends message from client to admin',
  disconnected: 'disconnected',
  newOrder: 'newOrder',
} as const;

export const CHAT_TEXTS = {
  title: "Let's Chat - Online",
  you: 'You wrote:',
  support: 'Support wrote:',
  noAdmin: 'no admin here now',
  adminClosed: 'Admin closed chat. Type something and submit to reconnect',
} as const;

export type ChatMessage = { client: string } | { admin: string };
export type ChatRoom = { user: string; messages: ChatMessage[] };
export type AdminMessageIn = { user: string; message: string };
export type DisconnectedPayload = { reason: string; socketId: string };
export type NewOrderPayload = { _id: string; createdAt: string; orderTotal: { cartSubtotal: number } };
