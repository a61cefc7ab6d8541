-- Card-wallet payments (issue 9): the record of a verified capture, one per order at most.
-- The unique order_id makes a second payment of the same order impossible even when two
-- captures race; the unique capture_id stops one capture from paying two orders.
create table payments (
  id bigint generated always as identity primary key,
  order_id uuid not null unique references orders(id) on delete cascade,
  wallet_order_id text not null,
  capture_id text not null unique,
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null,
  -- 'provider' or 'simulator': a simulated payment must never pass for real money
  source text not null check (source in ('provider', 'simulator')),
  captured_at timestamptz not null default now()
);
