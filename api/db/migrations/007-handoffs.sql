-- Issue 14: a kiosk hands its cart to the shopper's phone through a one-time link. Only the
-- token's SHA-256 is kept (a leaked table row cannot be claimed), and only product ids and
-- quantities (no prices, no names, no person): the phone reprices from the products when it
-- claims. claimed_at set means used; the claim is one conditional update, so it happens once.
create table handoffs (
  token_hash bytea primary key check (octet_length(token_hash) = 32),
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  claimed_at timestamptz
);

-- Rows long past their expiry are deleted when new hand-offs are made.
create index handoffs_expires_at_idx on handoffs (expires_at);
