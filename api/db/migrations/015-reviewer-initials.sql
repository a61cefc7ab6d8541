-- A review publishes its writer as the first name and the last name's initial (`John D.`), as
-- the seeded ones nearly did; before this, new reviews stored and published the full name.
-- Rows whose account still exists take both parts from it; a deleted account's review splits
-- the stored name at its last space.
update reviews r
   set user_name = trim(u.name) || case when trim(u.last_name) = '' then '' else ' ' || left(trim(u.last_name), 1) || '.' end
  from users u
 where u.id = r.user_id;

update reviews
   set user_name = regexp_replace(user_name, '^(.*\S)\s+(\S)\S*$', '\1 \2.')
 where user_id is null;
