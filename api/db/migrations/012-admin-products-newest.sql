-- The admin's product list is newest first (created_at desc, id): products_created_idx (008)
-- is that order already, so 009's index of the old order (category, name) serves nothing now
-- and only costs every product write.
drop index if exists products_admin_order_idx;
