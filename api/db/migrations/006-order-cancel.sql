-- Issue 13: the order lifecycle gains 'cancelled' (an unpaid wallet order expires, the buyer or
-- an admin cancels one neither paid nor delivered). The order row's state columns are the
-- projection of its events, recomputed by one fold (api/components/orders/projection.ts);
-- the cancel reason travels in the event's data and is projected like the rest.
alter table order_events drop constraint order_events_type_check;
alter table order_events add constraint order_events_type_check check (type in ('created', 'paid', 'delivered', 'cancelled'));

alter table orders
  add column is_cancelled boolean not null default false,
  add column cancelled_at timestamptz,
  add column cancel_reason text check (cancel_reason in ('expired', 'buyer', 'admin')),
  add constraint orders_cancel_whole check (is_cancelled = (cancelled_at is not null) and is_cancelled = (cancel_reason is not null));

-- The expiry sweep looks only at wallet orders still waiting for their payment.
create index orders_awaiting_payment_idx on orders (created_at) where payment_method = 'pp' and not is_paid and not is_cancelled;
