-- Mail the shop sends (docs/decisions/021-mail-outbox.md): written in the same transaction as
-- what caused it (an order event, a reset request), so a crash between the two never loses one
-- nor sends one for something that did not happen. A worker on every API instance claims due
-- rows (FOR UPDATE SKIP LOCKED, then next_attempt_at moved past the send: a claim is a lease),
-- so in a cluster one instance sends each mail. An order's mail is `kind` + `ref` (the order),
-- rendered when sent; a reset mail carries its text (the token exists nowhere else). `dedupe_key`
-- queues a mail about one thing (the confirmation of one order) once. Once sent or given up,
-- the bodies are cleared: a reset link is not kept after it left.
create table mail_outbox (
  id bigint generated always as identity primary key,
  kind text not null,
  ref text,
  dedupe_key text unique,
  recipient text,
  subject text,
  text_body text,
  html_body text,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  attempts int not null default 0,
  last_error text,
  sent_at timestamptz,
  given_up_at timestamptz
);

create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and given_up_at is null;

-- Forgotten passwords: only the token's SHA-256 is kept; a newer request for the account and
-- a successful login delete the account's rows, a reset uses its row once.
create table password_resets (
  token_hash bytea primary key check (octet_length(token_hash) = 32),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index password_resets_user_idx on password_resets (user_id, created_at);
