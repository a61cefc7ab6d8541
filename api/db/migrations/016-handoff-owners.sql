-- Hand-offs were bounded only by the guest request limit, each row kept a day.
-- A row now names who made it (an HMAC of the session and the address's network: no person,
-- no address in clear), so that one owner holds at most HANDOFF.maxOpen open links; rows are
-- deleted once their 15 minutes are over. Rows made before this have no owner and count for none.
alter table handoffs add column owner bytea check (owner is null or octet_length(owner) = 32);

create index handoffs_open_by_owner_idx on handoffs (owner, expires_at) where claimed_at is null;
