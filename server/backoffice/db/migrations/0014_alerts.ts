import { sql, type Kysely } from "kysely";

/**
 * E-mail alerts (docs/alerts.md, decision 0117): the choices a user made (a kind without a row
 * takes the default of shared/contracts/alerts.ts), and every alert sent, unique per event and
 * user so that an event told twice (a retried request, two passes of the overdue job) sends
 * once; the row also makes its unsubscribe link single-use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alert_preferences (
    user_id integer not null references users(id) on delete cascade,
    kind text not null,
    enabled boolean not null,
    updated_at timestamptz not null,
    primary key (user_id, kind)
  )`.execute(db);
  await sql`create table alert_deliveries (
    id serial primary key,
    event_key text not null,
    user_id integer not null references users(id) on delete cascade,
    kind text not null,
    email text not null,
    sent_at timestamptz not null,
    unsubscribed_at timestamptz,
    unique (event_key, user_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists alert_deliveries`.execute(db);
  await sql`drop table if exists alert_preferences`.execute(db);
}
