-- Each kiosk proves its name with a key only it holds (docs/decisions/030-kiosk-fleet.md): the
-- first heartbeat under a free name claims it and gets a random key in the reply; the row keeps
-- only the key's SHA-256. Rows from before have none: their next heartbeat claims them.
alter table kiosks add column key_hash bytea check (key_hash is null or octet_length(key_hash) = 32);
