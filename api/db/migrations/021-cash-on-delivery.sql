-- Cash on delivery, both ends (docs/interfaces.md, "Cash on delivery"):
-- 1. A wallet order whose payment was declined may switch to cash: the 'switchedToCash' event,
--    which the order row projects as payment_method = 'cod'.
-- 2. A cash-on-delivery order is paid when it is delivered: the courier took the cash. Marking
--    it delivered also records its 'paid' event (data {"cash": true}), so a cod order is paid
--    exactly when it is delivered; before this, "no cod order is ever paid" was a constraint.
alter table order_events drop constraint order_events_type_check;
alter table order_events add constraint order_events_type_check
  check (type in ('created', 'paid', 'delivered', 'cancelled', 'switchedToCash'));

alter table orders drop constraint orders_check;
alter table orders add constraint orders_cod_paid_on_delivery check (not (payment_method = 'cod' and is_paid and not is_delivered));

-- The cod orders already delivered were paid then: their 'paid' event at the delivery's time.
insert into order_events (order_id, type, at, data)
select id, 'paid', delivered_at, '{"cash": true}'::jsonb from orders
 where payment_method = 'cod' and is_delivered and not is_paid
on conflict (order_id, type) do nothing;
update orders set is_paid = true, paid_at = delivered_at where payment_method = 'cod' and is_delivered and not is_paid;
