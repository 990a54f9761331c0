import { sql, type Kysely } from "kysely";

/**
 * The core schema: organizations and users, prices, catalogue, stock, carts, orders, tokens.
 * Organizations, users and addresses share one id sequence (obj_id) because the contract uses
 * an organization's id as the id of its own account (class organization).
 */
const statements: string[] = [
  // Serializes concurrent first starts against one PostgreSQL server (CREATE EXTENSION races).
  `select pg_advisory_xact_lock(4201)`,
  `create extension if not exists unaccent with schema public`,
  `create extension if not exists pg_trgm with schema public`,
  // unaccent() is STABLE; an immutable wrapper is what an index or generated column accepts.
  `create function f_unaccent(text) returns text language sql immutable parallel safe strict
     as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`,
  `create sequence obj_id_seq as integer`,
  `create sequence order_number_seq as integer`,
  `create table organizations (
     id integer primary key default nextval('obj_id_seq'),
     ref text not null unique,
     name text not null,
     title text not null,
     zipcode text not null,
     city text not null,
     country char(2) not null,
     cat_compta text,
     free_shipping_eligible boolean not null default false,
     is_distributor boolean not null default false
   )`,
  `create table users (
     id integer primary key default nextval('obj_id_seq'),
     org_id integer not null references organizations(id),
     class text not null check (class in ('organization', 'people', 'contributor')),
     login text not null,
     password_hash text not null,
     name text not null,
     title text not null,
     auth_flags jsonb,
     disabled boolean not null default false
   )`,
  `create unique index users_login_key on users (lower(login))`,
  `create index users_org_idx on users (org_id)`,
  `create table contributor_clients (
     contributor_id integer not null references users(id),
     org_id integer not null references organizations(id),
     primary key (contributor_id, org_id)
   )`,
  `create table addresses (
     id integer primary key default nextval('obj_id_seq'),
     org_id integer not null references organizations(id),
     name text not null,
     line1 text not null,
     line2 text not null default '',
     zipcode text not null,
     city text not null,
     country char(2) not null,
     phone text not null default '',
     created_at timestamptz not null default now()
   )`,
  `create index addresses_org_idx on addresses (org_id)`,
  `create table brands (id serial primary key, slug text not null unique, title text not null)`,
  `create table categories (
     id serial primary key,
     slug text not null unique,
     title text not null,
     parent_id integer references categories(id),
     level smallint not null check (level between 1 and 6),
     position integer not null default 0
   )`,
  `create table products (
     id serial primary key,
     ref text not null unique,
     ref_norm text generated always as (upper(replace(ref, ' ', ''))) stored,
     title text not null,
     name text not null,
     description text not null default '',
     brand_id integer references brands(id),
     category_id integer references categories(id),
     price_selling integer not null check (price_selling >= 0),
     ecotaxe integer not null default 0,
     weight_gross integer not null default 0,
     weight_net integer not null default 0,
     is_port boolean not null default false,
     discontinued boolean not null default false,
     is_mmsi boolean not null default false,
     is_hazardous boolean not null default false,
     is_motor boolean not null default false,
     is_antenna boolean not null default false,
     is_tag boolean not null default false,
     properties jsonb not null default '{}',
     images jsonb not null default '[]',
     documents jsonb not null default '[]',
     certificates_info text,
     search tsvector generated always as (
       setweight(to_tsvector('french', f_unaccent(title)), 'A') ||
       setweight(to_tsvector('french', f_unaccent(description)), 'B')
     ) stored
   )`,
  `create index products_ref_prefix_idx on products (ref_norm text_pattern_ops)`,
  `create index products_search_idx on products using gin (search)`,
  `create index products_category_price_idx on products (category_id, price_selling)`,
  `create index products_category_ref_idx on products (category_id, ref)`,
  `create index products_brand_price_idx on products (brand_id, price_selling)`,
  `create index products_port_idx on products (ref) where is_port`,
  `create index products_motor_idx on products (ref) where is_motor`,
  `create index products_antenna_idx on products (ref) where is_antenna`,
  `create index products_tag_idx on products (ref) where is_tag`,
  `create index products_hazard_idx on products (ref) where is_hazardous`,
  `create index products_title_trgm_idx on products using gin (f_unaccent(lower(title)) gin_trgm_ops)`,
  `create table org_product_prices (
     org_id integer not null references organizations(id),
     product_id integer not null references products(id),
     price integer not null check (price >= 0),
     primary key (org_id, product_id)
   )`,
  `create table org_brand_discounts (
     org_id integer not null references organizations(id),
     brand_id integer not null references brands(id),
     discount numeric(5,2) not null check (discount between 0 and 100),
     primary key (org_id, brand_id)
   )`,
  `create table promotions (
     id serial primary key,
     product_id integer not null references products(id),
     org_id integer references organizations(id),
     name text not null,
     promo_price integer not null check (promo_price >= 0),
     starts_on date not null,
     ends_on date not null
   )`,
  `create index promotions_product_idx on promotions (product_id, ends_on)`,
  `create table stocks (
     product_id integer primary key references products(id),
     sto_disp integer not null,
     refill_date date,
     refill_qte integer check (refill_qte >= 0)
   )`,
  `create table carts (
     org_id integer primary key references organizations(id),
     version integer not null default 0,
     data jsonb not null,
     updated_at timestamptz not null default now(),
     updated_by integer
   )`,
  `create table orders (
     id serial primary key,
     ref text not null unique,
     org_id integer not null references organizations(id),
     usr_id integer not null,
     usr_name text not null,
     idempotency_key text not null,
     created_at timestamptz not null default now(),
     status text not null default 'confirmée',
     cart_ref text not null default '',
     comments text not null default '',
     notes text not null default '',
     partial_delivery boolean not null default false,
     saturday boolean not null default false,
     ldd_active boolean not null default false,
     dlv_address jsonb,
     inv_address jsonb,
     total_ht integer not null,
     total_ecotaxe integer not null,
     total_tva integer not null,
     total_ttc integer not null,
     unique (org_id, idempotency_key)
   )`,
  `create index orders_org_idx on orders (org_id, created_at desc)`,
  `create table order_lines (
     order_id integer not null references orders(id),
     position integer not null,
     product_id integer not null,
     ref text not null,
     title text not null,
     qty integer not null,
     is_port boolean not null,
     unit_price integer not null,
     ecotaxe integer not null,
     line_total_ht integer not null,
     primary key (order_id, position)
   )`,
  `create table auth_tokens (
     token_hash text primary key,
     user_id integer not null references users(id),
     org_id integer not null references organizations(id),
     master_user_id integer references users(id),
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     revoked_at timestamptz
   )`,
  `create index auth_tokens_user_idx on auth_tokens (user_id)`,
  `create table login_as_audit (
     id serial primary key,
     master_user_id integer not null references users(id),
     org_id integer not null references organizations(id),
     at timestamptz not null default now()
   )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    "login_as_audit",
    "auth_tokens",
    "order_lines",
    "orders",
    "carts",
    "stocks",
    "promotions",
    "org_brand_discounts",
    "org_product_prices",
    "products",
    "categories",
    "brands",
    "addresses",
    "contributor_clients",
    "users",
    "organizations",
  ];
  for (const table of tables) await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw("drop sequence if exists order_number_seq").execute(db);
  await sql.raw("drop sequence if exists obj_id_seq").execute(db);
  await sql.raw("drop function if exists f_unaccent(text)").execute(db);
}
