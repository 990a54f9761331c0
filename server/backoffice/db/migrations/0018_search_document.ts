import { sql, type Kysely } from "kysely";

/**
 * What a catalogue search reads (docs/catalogue.md "Search", decision 0127): a product's
 * search document holds, with a weight each, the names of its category and of every parent
 * (A: what the product is), its title (B), its reference and brand (C) and its description (D).
 * A generated column may only read its own row, so the document becomes a plain column kept
 * by triggers: the product's own, and those of a renamed or moved category (its whole subtree)
 * and of a renamed brand. The ranking reads the weights (pim/search.ts).
 */
const statements: string[] = [
  // Depth-guarded walk up the tree (six levels in practice): a corrupt cycle cannot loop.
  `create function product_search_vector(p_title text, p_description text, p_ref text, p_brand_id integer, p_category_id integer)
     returns tsvector language sql stable parallel safe as $$
       select
         setweight(to_tsvector('french', f_unaccent(coalesce((
           with recursive path(id, parent_id, title, depth) as (
             select c.id, c.parent_id, c.title, 1 from categories c where c.id = p_category_id
             union all
             select c.id, c.parent_id, c.title, path.depth + 1 from categories c join path on c.id = path.parent_id where path.depth < 12
           )
           select string_agg(path.title, ' ') from path
         ), ''))), 'A') ||
         setweight(to_tsvector('french', f_unaccent(coalesce(p_title, ''))), 'B') ||
         setweight(to_tsvector('simple', coalesce(p_ref, '')), 'C') ||
         setweight(to_tsvector('french', f_unaccent(coalesce((select b.title from brands b where b.id = p_brand_id), ''))), 'C') ||
         setweight(to_tsvector('french', f_unaccent(coalesce(p_description, ''))), 'D')
     $$`,
  `create function products_search_fill() returns trigger language plpgsql as $$
     begin
       new.search := product_search_vector(new.title, new.description, new.ref, new.brand_id, new.category_id);
       return new;
     end $$`,
  `create function categories_search_refresh() returns trigger language plpgsql as $$
     begin
       update products p set search = product_search_vector(p.title, p.description, p.ref, p.brand_id, p.category_id)
       where p.category_id in (
         with recursive subtree(id, depth) as (
           select new.id, 1
           union all
           select c.id, subtree.depth + 1 from categories c join subtree on c.parent_id = subtree.id where subtree.depth < 12
         )
         select id from subtree
       );
       return null;
     end $$`,
  `create function brands_search_refresh() returns trigger language plpgsql as $$
     begin
       update products p set search = product_search_vector(p.title, p.description, p.ref, p.brand_id, p.category_id)
       where p.brand_id = new.id;
       return null;
     end $$`,
  `drop index if exists products_search_idx`,
  `alter table products drop column search`,
  `alter table products add column search tsvector not null default ''::tsvector`,
  `update products set search = product_search_vector(title, description, ref, brand_id, category_id)`,
  `create index products_search_idx on products using gin (search)`,
  // Updating "search" alone (the two refreshes) names none of these columns: no recursion.
  `create trigger products_search_fill before insert or update of title, description, ref, brand_id, category_id on products
     for each row execute function products_search_fill()`,
  `create trigger categories_search_refresh after update of title, parent_id on categories
     for each row when (old.title is distinct from new.title or old.parent_id is distinct from new.parent_id)
     execute function categories_search_refresh()`,
  `create trigger brands_search_refresh after update of title on brands
     for each row when (old.title is distinct from new.title)
     execute function brands_search_refresh()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ["products_search_fill", "products"],
    ["categories_search_refresh", "categories"],
    ["brands_search_refresh", "brands"],
  ]) {
    await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
  }
  for (const name of ["products_search_fill()", "categories_search_refresh()", "brands_search_refresh()"]) {
    await sql.raw(`drop function if exists ${name}`).execute(db);
  }
  await sql.raw("drop index if exists products_search_idx").execute(db);
  await sql.raw("alter table products drop column if exists search").execute(db);
  await sql
    .raw(
      `alter table products add column search tsvector generated always as (
      setweight(to_tsvector('french', f_unaccent(title)), 'A') ||
      setweight(to_tsvector('french', f_unaccent(description)), 'B')
    ) stored`,
    )
    .execute(db);
  await sql.raw("create index products_search_idx on products using gin (search)").execute(db);
  await sql.raw("drop function if exists product_search_vector(text, text, text, integer, integer)").execute(db);
}
