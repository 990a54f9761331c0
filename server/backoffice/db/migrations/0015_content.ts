import { sql, type Kysely } from "kysely";

/**
 * The distributor's content (docs/content.md, decisions 0121 and 0122): news items in
 * categories, their bodies as JSON blocks of plain text; documents in categories of two levels,
 * their bytes in the database beside their metadata, some restricted to listed organizations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table news_categories (
    id serial primary key,
    slug text not null unique,
    title text not null,
    description text not null default '',
    position integer not null default 0
  )`.execute(db);
  // A slug is unique across categories: an item keeps its address's last part when it moves.
  await sql`create table news_items (
    id serial primary key,
    category_id integer not null references news_categories(id),
    slug text not null unique,
    title text not null,
    summary text not null,
    body jsonb not null,
    picture_url text not null,
    picture_alt text not null,
    published_at timestamptz not null
  )`.execute(db);
  await sql`create index news_items_published on news_items (published_at desc, id desc)`.execute(db);
  await sql`create index news_items_category_published on news_items (category_id, published_at desc, id desc)`.execute(db);

  await sql`create table download_categories (
    id serial primary key,
    parent_id integer references download_categories(id),
    slug text not null,
    title text not null,
    description text not null default '',
    position integer not null default 0
  )`.execute(db);
  // Two partial indexes rather than one unique (parent_id, slug): a null parent is distinct
  // from every other in a plain unique index, on PostgreSQL before 15 too.
  await sql`create unique index download_categories_top_slug on download_categories (slug) where parent_id is null`.execute(db);
  await sql`create unique index download_categories_child_slug on download_categories (parent_id, slug) where parent_id is not null`.execute(
    db,
  );

  await sql`create table download_documents (
    id serial primary key,
    category_id integer not null references download_categories(id),
    title text not null,
    description text not null default '',
    file_name text not null,
    mime text not null,
    size_bytes integer not null check (size_bytes = octet_length(content)),
    sha256 text not null,
    content bytea not null,
    published_on date not null,
    restricted boolean not null default false,
    shows_prices boolean not null default false
  )`.execute(db);
  await sql`create index download_documents_category on download_documents (category_id, published_on desc)`.execute(db);
  await sql`create table download_document_orgs (
    document_id integer not null references download_documents(id) on delete cascade,
    org_id integer not null references organizations(id) on delete cascade,
    primary key (document_id, org_id)
  )`.execute(db);
  await sql`create index download_document_orgs_org on download_document_orgs (org_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists download_document_orgs`.execute(db);
  await sql`drop table if exists download_documents`.execute(db);
  await sql`drop table if exists download_categories`.execute(db);
  await sql`drop table if exists news_items`.execute(db);
  await sql`drop table if exists news_categories`.execute(db);
}
