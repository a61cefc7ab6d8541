-- Issue 26: the catalogue's answers carry an ETag made of versions, read before any product
-- query, so a 304 costs one primary-key read. Triggers bump the versions inside the transaction
-- of the write itself (an admin's edit, an upload, a review, an order's stock, a restore), so a
-- reader never sees a new version beside old rows: it reads the version first, then the rows.
--   'list'           every product list, search, category page and the bestsellers. Their bodies
--                    carry each product's price, count, images, rating and sales order, so any
--                    change of a product row moves it; only the statement's first change does
--                    (one bump per statement, not per row: a bulk seed is one).
--   'categories'     GET /api/categories.
--   'product:<id>'   one product's details (its row and its reviews): an order of one product
--                    leaves every other product's details and their caches alone.
-- Values come from one sequence, so a scope deleted and made again never repeats a version.
create sequence catalogue_version_seq;

create table catalogue_versions (
  scope text primary key,
  version bigint not null
);
insert into catalogue_versions (scope, version) values
  ('list', nextval('catalogue_version_seq')),
  ('categories', nextval('catalogue_version_seq'));

create function catalogue_bump(scope_name text) returns void language sql as $$
  insert into catalogue_versions (scope, version) values (scope_name, nextval('catalogue_version_seq'))
  on conflict (scope) do update set version = excluded.version;
$$;

-- A new product has no row: its details' version is 0 until its first change (ids are never reused).
create function catalogue_product_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and row(new.*) is not distinct from row(old.*) then
    return null;
  end if;
  perform catalogue_bump('product:' || coalesce(new.id, old.id));
  return null;
end $$;

create function catalogue_review_changed() returns trigger language plpgsql as $$
begin
  perform catalogue_bump('product:' || coalesce(new.product_id, old.product_id));
  return null;
end $$;

create function catalogue_scope_changed() returns trigger language plpgsql as $$
begin
  perform catalogue_bump(tg_argv[0]);
  return null;
end $$;

create trigger products_version_row after update or delete on products
  for each row execute function catalogue_product_changed();
create trigger products_version_list after insert or update or delete on products
  for each statement execute function catalogue_scope_changed('list');
create trigger reviews_version after insert or update or delete on reviews
  for each row execute function catalogue_review_changed();
create trigger categories_version after insert or update or delete on categories
  for each statement execute function catalogue_scope_changed('categories');
