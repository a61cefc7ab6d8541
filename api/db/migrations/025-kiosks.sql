-- The kiosk fleet (docs/decisions/030-kiosk-fleet.md): one row per kiosk name, overwritten by
-- each heartbeat, so the table holds the fleet's present and never grows with time. `command`
-- is what staff asked (reset, reload) until the kiosk's next heartbeat takes it.
create table kiosks (
  name text primary key,
  heartbeat jsonb not null,
  seen_at timestamptz not null,
  command text check (command in ('reset', 'reload'))
);
