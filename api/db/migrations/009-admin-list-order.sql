-- Issue 15: the admin lists are read a page at a time (`?page=&limit=`). Each index is the
-- list's own order, so a page is an index walk that stops after `limit` rows (for orders, whose
-- rows are wide, the page's ids are picked by an index-only scan first), instead of a sort of
-- the whole table on every page.
create index orders_admin_order_idx on orders (created_at desc, id);
create index products_admin_order_idx on products ((category collate "C"), (lower(name) collate "C"), id);
create index users_admin_order_idx on users (created_at, email);
