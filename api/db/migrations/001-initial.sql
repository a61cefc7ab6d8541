-- Statefront schema. Money is integer cents; ids are UUIDs; times are timestamptz (UTC).

create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  last_name text not null,
  email text not null unique,
  password_hash text not null,
  phone_number text not null default '',
  address text not null default '',
  country text not null default '',
  zip_code text not null default '',
  city text not null default '',
  state text not null default '',
  is_admin boolean not null default false,
  created_at timestamptz not null default now()
);

-- A session is what a token points at: revoking it (logout, password change, deletion)
-- takes effect on the next request whatever the token's own expiry says.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table categories (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  description text not null default '',
  image text not null default '',
  attrs jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);

create table products (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null,
  price_cents integer not null check (price_cents >= 0),
  count integer not null check (count >= 0),
  category text not null references categories(name) on update cascade,
  images jsonb not null default '[]'::jsonb,
  attrs jsonb not null default '[]'::jsonb,
  rating numeric(3, 2) not null default 0,
  reviews_number integer not null default 0,
  sales integer not null default 0,
  search tsvector generated always as (
    setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
  ) stored,
  created_at timestamptz not null default now()
);
create index products_category_idx on products (category text_pattern_ops);
create index products_search_idx on products using gin (search);
create index products_price_idx on products (price_cents);
create index products_rating_idx on products (rating);
create index products_attrs_idx on products using gin (attrs jsonb_path_ops);

create table reviews (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  user_name text not null,
  rating integer not null check (rating between 1 and 5),
  comment text not null,
  created_at timestamptz not null default now(),
  unique (product_id, user_id)
);

create table orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  -- who ordered and where it ships, as it was when the order was placed
  user_snapshot jsonb not null,
  items_count integer not null check (items_count > 0),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  cart_items jsonb not null,
  payment_method text not null check (payment_method in ('pp', 'cod')),
  is_paid boolean not null default false,
  paid_at timestamptz,
  is_delivered boolean not null default false,
  delivered_at timestamptz,
  idempotency_key text,
  created_at timestamptz not null default now(),
  check (not (payment_method = 'cod' and is_paid)),
  unique (user_id, idempotency_key)
);
create index orders_user_idx on orders (user_id, created_at);
create index orders_created_idx on orders (created_at);

-- Append-only history of each order; the order row is their projection.
create table order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references orders(id) on delete cascade,
  type text not null check (type in ('created', 'paid', 'delivered')),
  at timestamptz not null default now(),
  data jsonb not null default '{}'::jsonb,
  unique (order_id, type)
);
