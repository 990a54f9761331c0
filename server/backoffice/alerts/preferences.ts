import type { Kysely } from "kysely";
import { ALERT_KINDS, ALERT_LABELS, DEFAULT_ALERTS, type AlertKind, type AlertPreference } from "@shared/contracts/alerts";
import type { Database } from "../db/schema";

/**
 * Who wants which alert (docs/alerts.md). A kind the user never chose takes DEFAULT_ALERTS; a
 * choice is a row, so changing a default later changes it for those who never chose only.
 * Spec section 6: every class but people chooses its alerts, and only those get them.
 */

export interface AlertRecipient {
  usrId: number;
  email: string;
}

const isEmail = (login: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(login);

/** Every kind, in order, with the user's choice or the default. */
export async function readPreferences(db: Kysely<Database>, usrId: number): Promise<AlertPreference[]> {
  const rows = await db.selectFrom("alert_preferences").select(["kind", "enabled"]).where("user_id", "=", usrId).execute();
  const chosen = new Map(rows.map((row) => [row.kind, row.enabled]));
  return ALERT_KINDS.map((kind) => ({ kind, label: ALERT_LABELS[kind], enabled: chosen.get(kind) ?? DEFAULT_ALERTS[kind] }));
}

/** Records a choice for every kind at once: the page sends them all. */
export async function writePreferences(db: Kysely<Database>, usrId: number, enabled: readonly AlertKind[], at: Date): Promise<void> {
  const wanted = new Set(enabled);
  await db
    .insertInto("alert_preferences")
    .values(ALERT_KINDS.map((kind) => ({ user_id: usrId, kind, enabled: wanted.has(kind), updated_at: at })))
    .onConflict((oc) =>
      oc
        .columns(["user_id", "kind"])
        .doUpdateSet((eb) => ({ enabled: eb.ref("excluded.enabled"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute();
}

/** Turns one kind off (the unsubscribe link). */
export async function turnOff(db: Kysely<Database>, usrId: number, kind: AlertKind, at: Date): Promise<void> {
  await db
    .insertInto("alert_preferences")
    .values({ user_id: usrId, kind, enabled: false, updated_at: at })
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet({ enabled: false, updated_at: at }))
    .execute();
}

/**
 * Those of an organization who want `kind`: its own accounts of class organization, and the
 * representatives linked to it (contributor_clients), active, whose login is an e-mail
 * address. People accounts are never alerted (they cannot choose, spec section 6).
 */
export async function recipientsFor(db: Kysely<Database>, orgId: number, kind: AlertKind): Promise<AlertRecipient[]> {
  const [own, representatives] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "login"])
      .where("org_id", "=", orgId)
      .where("class", "=", "organization")
      .where("disabled", "=", false)
      .execute(),
    db
      .selectFrom("contributor_clients as cc")
      .innerJoin("users as u", "u.id", "cc.contributor_id")
      .select(["u.id", "u.login"])
      .where("cc.org_id", "=", orgId)
      .where("u.disabled", "=", false)
      .execute(),
  ]);
  const candidates = [...own, ...representatives].filter((row) => isEmail(row.login));
  return wanting(
    db,
    candidates.map((row) => ({ usrId: row.id, email: row.login.toLowerCase() })),
    kind,
  );
}

/** Those of `users` who want `kind` (their choice, or the default); one per address, in order. */
export async function wanting(db: Kysely<Database>, users: AlertRecipient[], kind: AlertKind): Promise<AlertRecipient[]> {
  if (users.length === 0) return [];
  const rows = await db
    .selectFrom("alert_preferences")
    .select(["user_id", "enabled"])
    .where("kind", "=", kind)
    .where(
      "user_id",
      "in",
      users.map((user) => user.usrId),
    )
    .execute();
  const chosen = new Map(rows.map((row) => [row.user_id, row.enabled]));
  const seen = new Set<string>();
  return users
    .filter((user) => chosen.get(user.usrId) ?? DEFAULT_ALERTS[kind])
    .filter((user) => !seen.has(user.email) && Boolean(seen.add(user.email)))
    .sort((a, b) => a.usrId - b.usrId);
}
