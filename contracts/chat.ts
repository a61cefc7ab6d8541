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
  /** Under noAdmin (an addition, docs/interfaces.md): what happens to the message meanwhile. */
  keptForLater: 'Your message is kept: support will answer it here when they are back.',
  adminClosed: 'Admin closed chat. Type something and submit to reconnect',
  /** Refusals of the flood limits (not in the spec), from the BFF's relay and the hub. */
  tooManyChats: 'Too many chats from your network. Please try again in a minute.',
  tooManyWindows: 'Too many chat windows are open for your account. Close one and try again.',
  tooManyMessages: 'Too many messages from your network. Please wait a minute and send again.',
  tooManyNewChats: 'Too many new chats from your network. Please try again in a minute.',
  /** The partner widget's messages while the shop refuses or cannot be reached: kept, and sent on Retry or once it can. */
  notDelivered: 'Not delivered yet: the shop could not be reached. Your message is kept here.',
  retry: 'Retry',
} as const;

export type ChatMessage = { client: string } | { admin: string };
export type ChatRoom = { user: string; messages: ChatMessage[] };
export type AdminMessageIn = { user: string; message: string };
export type DisconnectedPayload = { reason: string; socketId: string };
export type NewOrderPayload = { _id: string; createdAt: string; orderTotal: { cartSubtotal: number } };

/*
 * Additions to spec section 7 (the names above stay as they are): message ids, acknowledgements,
 * replay after the last seen id, errors and the partner's signed identity. Plain types, no zod,
 * because the embeddable widget imports this file and must stay small.
 */
export const CHAT_EVENTS = {
  /** Client → server, with an ack: the messages of the conversation after the last id seen. */
  replay: 'chat replay',
  /** Server → socket, when a request had no ack to answer: `ChatError`. */
  error: 'error',
  /** Server → socket once after the handshake when `auth.identify` could not be verified: `ChatError`. */
  identifyFailed: 'identify failed',
  /**
   * Server → socket once after a handshake that asked to keep its conversation (`auth.keep`) and
   * brought no proof: `ChatVisitorPayload`, the proof for next time. The widget keeps it in the
   * partner page's storage and presents it as `auth.visitor`; it never goes into a URL (decision 013).
   */
  visitor: 'chat visitor',
  /**
   * Server → every socket, on connecting and then regularly; carries nothing. socket.io can only
   * recover a connection whose client has received a recent event, so this keeps that true.
   */
  sync: 'chat sync',
  /**
   * Admin → server, with an ack (`ChatConversationsAck`): every open conversation with its
   * messages so far, for an admin page that (re)connects, reloads or opens in another tab.
   */
  conversations: 'chat conversations',
  /** Server → every admin socket but the sender's: an admin answered a conversation (`ChatAnsweredPayload`). */
  answered: 'chat answered',
} as const;

export type ChatErrorCode =
  | 'not admin'
  | 'rate limited'
  | 'too long'
  | 'empty'
  | 'invalid'
  | 'no admin'
  | 'no conversation'
  | 'identify failed'
  /** Another admin answered this conversation first: it is theirs. */
  | 'taken'
  /** The shop could not keep the message (its database is away): nothing was sent, send it again later. */
  | 'unavailable';
export type ChatError = { code: ChatErrorCode; message: string };
/** The ack of 'client sends message', 'admin sends message', 'admin closes chat' and 'admin connected with server'. */
export type ChatAck = { ok: true; id?: number } | ({ ok: false } & ChatError);

/**
 * The sender's own id for one message: an optional argument after the payload of 'client sends
 * message' and 'admin sends message' (before the ack). A client re-sends a message whose ack a
 * dropped connection swallowed with the same id; the hub records it once and acks a repeat with
 * the original entry's id, without delivering it again. Clients without it keep working.
 */
export type ChatClientId = string;
export const CHAT_CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Second argument of 'server sends message from admin to client' (the first stays the text). */
export type ChatMessageMeta = { id: number };
/**
 * 'server sends message from client to admin': spec's { user, message } plus the id, who is
 * writing (`name`: the customer's, or `Guest <number>`) and since when the customer waits for an
 * answer (`waitingSince`, ISO time of the first unanswered message).
 */
export type ClientToAdminPayload = AdminMessageIn & { id: number; name?: string; waitingSince?: string };
export type AdminCloseIn = { roomId: string };

export type ChatHistoryEntry = { id: number; from: 'client' | 'admin'; text: string };
/** The admin who answered a conversation first, and so holds it. */
export type ChatAdmin = { id: string; name: string };
/** One open conversation as an admin page loads it: `user` is what replies and closes name. */
export type ChatConversation = { user: string; name?: string; takenBy?: ChatAdmin; waitingSince?: string; messages: ChatHistoryEntry[] };
/** `you`: the asking admin's user id, to tell their own conversations from colleagues'. */
export type ChatConversationsAck = { ok: true; you: string; conversations: ChatConversation[] } | ({ ok: false } & ChatError);
/** 'chat answered': another admin tab's reply, and who holds the conversation now. */
export type ChatAnsweredPayload = { user: string; message: string; id: number; by: ChatAdmin };

/** `room` is read for admins only: a customer always replays their own conversation. */
export type ChatReplayRequest = { after: number; room?: string };
export type ChatReplayAck = { ok: true; messages: ChatHistoryEntry[] } | ({ ok: false } & ChatError);

/** Deprecated, accepted until CHAT_IDENTITY_V1_UNTIL: signature = hex HMAC-SHA256 of `${id}|${name}|${email}`. */
export type ChatIdentifyV1 = { id: string; name: string; email: string; signature: string };
/**
 * payload = JSON text {"id","name","email","aud" (the shop's origin),"exp" (epoch seconds)};
 * signature = lowercase hex HMAC-SHA256 of `v2.${payload}`, keyed with the shop's CHAT_IDENTITY_SECRET.
 */
export type ChatIdentifyV2 = { v: 2; payload: string; signature: string };
export type ChatIdentify = ChatIdentifyV1 | ChatIdentifyV2;
/**
 * What a socket may pass as socket.io's `auth` in the handshake. `keep: true` asks for the
 * conversation that outlives the socket, which the hub picks from the customer's proof (the
 * session, the shop's guest chat cookie, the signed identity, the `visitor` token the hub issued
 * by 'chat visitor'; decision 013): no client names an
 * id. `conversation` is what pages before that decision sent: its value is ignored, it only means `keep`.
 */
export type ChatHandshakeAuth = { identify?: ChatIdentify; keep?: boolean; visitor?: string; conversation?: string };
/** 'chat visitor': the token that keeps an anonymous visitor's conversation (43 base64url characters). */
export type ChatVisitorPayload = { token: string };

/** What the server emits, for typed clients (`Socket<ChatServerToClient>`). */
export type ChatServerToClient = {
  'server sends message from admin to client': (text: string, meta: ChatMessageMeta) => void;
  'no admin': () => void;
  'admin closed chat': () => void;
  'server sends message from client to admin': (payload: ClientToAdminPayload) => void;
  disconnected: (payload: DisconnectedPayload) => void;
  newOrder: (order: NewOrderPayload) => void;
  error: (error: ChatError) => void;
  'identify failed': (error: ChatError) => void;
  'chat visitor': (payload: ChatVisitorPayload) => void;
  'chat sync': () => void;
  'chat answered': (payload: ChatAnsweredPayload) => void;
};

/** What the BFF issues as that cookie: 256 random bits, base64url. */
export const CHAT_VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;
