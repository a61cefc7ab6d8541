-- A share of the shopper's screen while it lasts (docs/decisions/022-shared-screen.md): the
-- instance holding the sharing socket writes it when the share begins and deletes it when the
-- share ends, writing the `Shared screen from {time} to {time}` line then (migration 024). A row
-- outlives its share only when its instance died or stopped first: that instance's next start,
-- or any instance's sweep once `seen_at` is old, ends it at `seen_at`, which the holding instance
-- moves on at each of its sweeps while the share goes on.
create table chat_screen_shares (
  key text not null,
  instance text not null,
  since timestamptz not null,
  seen_at timestamptz not null,
  primary key (key, instance)
);
create index chat_screen_shares_seen_idx on chat_screen_shares (seen_at);
