-- One capture per order (issue 9). Before the API asks the wallet to capture, it claims the
-- order for that one wallet order with a conditional update; a second, different wallet order
-- is refused without being captured, so two approved wallet orders racing cannot both take
-- money. A refused capture clears the claim; an uncertain one (PENDING, wallet unreachable)
-- keeps it, because money may still move. claimed_at lets an abandoned claim be taken over
-- once the wallet confirms its wallet order was never captured.
alter table orders
  add column capturing_wallet_order_id text,
  add column capture_claimed_at timestamptz,
  add constraint orders_capture_claim_whole check ((capturing_wallet_order_id is null) = (capture_claimed_at is null));
