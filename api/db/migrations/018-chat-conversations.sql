-- Support conversations and their messages (decision 018): what a customer wrote is the shop's
-- data, so it lives here, not in Redis or the API's memory, and survives restarts, backups and
-- the move to the cluster. Redis still carries the sockets between instances.

-- The conversation id the hub issued to an owner: a digest of a proof only the customer holds
-- (their session, the guest chat cookie, a partner's signed identity; decision 013). A row is
-- used for 24 hours after its last use, then deleted by the hub's sweep.
create table chat_owners (
  owner text primary key,
  conversation text not null,
  used_at timestamptz not null
);

-- One conversation from its first message to its close. `key` is the id on the wire (the
-- issued id, or a socket id): at most one open conversation per key; a closed one is a
-- transcript, kept CHAT_HISTORY_DAYS after `closed_at`. `id` is also the short number that
-- tells two guests apart on the admin's cards. `last_seq` numbers the messages of a key, on
-- from the key's earlier conversations, so a client's "last seen id" keeps its meaning.
create table chat_conversations (
  id bigint generated always as identity primary key,
  key text not null,
  user_id uuid references users (id) on delete set null,
  name text,
  email text,
  taken_by_id text,
  taken_by_name text,
  last_seq integer not null default 0,
  opened_at timestamptz not null,
  seen_at timestamptz not null,
  waiting_since timestamptz,
  closed_at timestamptz,
  closed_why text
);
create unique index chat_conversations_open_key_idx on chat_conversations (key) where closed_at is null;
create index chat_conversations_key_idx on chat_conversations (key);
create index chat_conversations_closed_idx on chat_conversations (closed_at desc, id desc) where closed_at is not null;
create index chat_conversations_user_idx on chat_conversations (user_id, closed_at) where user_id is not null;

-- One row per message, one INSERT each. `client_id` is the sender's own id for a message it may
-- send again after a dropped connection: recorded once per conversation and side.
create table chat_messages (
  conversation bigint not null references chat_conversations (id) on delete cascade,
  seq integer not null,
  sender text not null check (sender in ('client', 'admin')),
  body text not null,
  client_id text,
  at timestamptz not null,
  primary key (conversation, seq)
);
create unique index chat_messages_client_id_idx on chat_messages (conversation, sender, client_id) where client_id is not null;
