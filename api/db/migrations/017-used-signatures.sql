-- The internal endpoints' signatures already used (the backup's, api/components/backup/): each
-- is good once. Kept in the database, the one thing every API of a cluster shares, so a copied
-- header is refused by every instance, not only by the one that answered it. A row is deleted
-- once its signature is past its validity (expires_ms, the signer's clock in ms).
create table used_signatures (
  proof text primary key,
  expires_ms bigint not null
);
