-- Issue 26 (decision 011): the list's version moves once per transaction, at its commit.
-- Bumped after each products statement (013), it took the `list` row's lock between an order's
-- per-product locks, taken one statement at a time in id order: T1 locks p1 and list, T2 locks
-- p2 and waits for list, T1 waits for p2: a deadlock, a 500 for one of two checkouts on a
-- PostgreSQL server. At commit every product lock is already held, so orders queue on list.
drop trigger products_version_list on products;

create function catalogue_list_changed() returns trigger language plpgsql as $$
begin
  -- Once per transaction: the setting is the transaction's own (is_local) and names it.
  if current_setting('statefront.list_bumped', true) is distinct from txid_current()::text then
    perform set_config('statefront.list_bumped', txid_current()::text, true);
    perform catalogue_bump('list');
  end if;
  return null;
end $$;

create constraint trigger products_version_list after insert or update or delete on products
  deferrable initially deferred
  for each row execute function catalogue_list_changed();
