import { sql, type Kysely } from "kysely";

/**
 * Favourites (docs/catalogue.md): one row per user and product. The organization is kept beside the
 * user so that a login-as session (the client organization's account) sees the favourites
 * of that organization's account, and never another organization's.
 */
const statements: string[] = [
  `create table favorites (
     org_id integer not null references organizations(id) on delete cascade,
     user_id integer not null references users(id) on delete cascade,
     product_id integer not null references products(id) on delete cascade,
     created_at timestamptz not null default now(),
     primary key (user_id, product_id)
   )`,
  `create index favorites_user_created_idx on favorites (user_id, created_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("drop table if exists favorites").execute(db);
}
