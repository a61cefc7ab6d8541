-- Issue 15: the product list at 100,000 products. Each order the list offers gets an index that
-- yields it row by row, the id last as in its ORDER BY, so page 1 reads 10 index entries instead
-- of sorting the table; deep pages of the default order are counted off (created_at, id) alone,
-- an index-only scan (see listMatching). The single-column price and rating indexes are replaced
-- by the composite ones, whose leading column serves the same price and rating filters.
create index products_created_idx on products (created_at desc, id);
create index products_price_asc_idx on products (price_cents, id);
create index products_price_desc_idx on products (price_cents desc, id);
-- price_cents included: the count of a price + rating filter is then an index-only scan.
create index products_rating_order_idx on products (rating desc, reviews_number desc, id) include (price_cents);
create index products_name_asc_idx on products ((lower(name) collate "C"), (name collate "C"), id);
create index products_name_desc_idx on products ((lower(name) collate "C") desc, (name collate "C") desc, id);
drop index products_price_idx;
drop index products_rating_idx;
