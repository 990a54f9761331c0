import { sql, type Kysely } from "kysely";

/**
 * The ERP's imports, one row each (docs/integration.md, « Imports en tâche de fond »): what
 * was sent, by which service token, where it stands and its report once done. A job is run
 * by the process that received the file (`instance`), which beats `heartbeat_at` while it is
 * queued or running: a job whose heartbeat stopped was interrupted (a restart) and is read as
 * failed. The file itself is never stored: an interrupted import wrote nothing, send it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table import_jobs (
    id serial primary key,
    feed text not null,
    options jsonb not null,
    file_bytes integer not null check (file_bytes >= 0),
    service_name text not null,
    instance text not null,
    state text not null check (state in ('queued', 'running', 'done', 'failed')),
    report jsonb,
    error text,
    created_at timestamptz not null default now(),
    heartbeat_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index import_jobs_created_idx on import_jobs (created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists import_jobs`.execute(db);
}
