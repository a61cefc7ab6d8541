-- Issue 16: the offline wallet simulator keeps its wallet orders in the shop database, so that
-- with several API instances behind a balancer, a wallet order created on one is approved and
-- captured on any other (each API calls its own /wallet-simulator). Only outside production.
-- The order is the simulated provider's record as jsonb; reference_id (the shop order) is kept
-- beside it so "how many captures did this shop order get" needs no scan of the json.
create table wallet_simulator_orders (
  id text primary key,
  reference_id text not null,
  wallet_order jsonb not null check (jsonb_typeof(wallet_order) = 'object'),
  created_at timestamptz not null default clock_timestamp()
);

-- The oldest wallet orders are deleted beyond a cap when new ones are made.
create index wallet_simulator_orders_created_at_idx on wallet_simulator_orders (created_at);
create index wallet_simulator_orders_reference_id_idx on wallet_simulator_orders (reference_id);

-- A capture repeated with the same PayPal-Request-Id gets the first successful answer again,
-- whichever instance answers; the replays go with their wallet order when it is deleted.
create table wallet_simulator_replays (
  wallet_order_id text not null references wallet_simulator_orders (id) on delete cascade,
  request_id text not null,
  status integer not null,
  answer jsonb not null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (wallet_order_id, request_id)
);
