import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/** Read by the rules, the decisions and the approval alerts alike (it imports no area). */
type Reader = Kysely<Database> | Transaction<Database>;

/**
 * Who approves the organization's requests: its organization accounts always, with the
 * administrators or the named people (the administrators when none is named); active only.
 */
export async function approverIds(db: Reader, orgId: number): Promise<number[]> {
  const rules = await db.selectFrom("purchasing_rules").select("approvers").where("org_id", "=", orgId).executeTakeFirst();
  const mode = rules?.approvers ?? "administrators";
  const named =
    mode === "named"
      ? await db
          .selectFrom("purchasing_approvers as a")
          .innerJoin("users as u", "u.id", "a.user_id")
          .select("u.id")
          .where("a.org_id", "=", orgId)
          .where("u.org_id", "=", orgId)
          .where("u.disabled", "=", false)
          .execute()
      : [];
  const users = await db
    .selectFrom("users")
    .select("id")
    .where("org_id", "=", orgId)
    .where("disabled", "=", false)
    .where((eb) =>
      named.length > 0
        ? eb("class", "=", "organization")
        : eb.or([eb("class", "=", "organization"), eb.and([eb("class", "=", "people"), eb("is_admin", "=", true)])]),
    )
    .execute();
  return [...new Set([...users.map((user) => user.id), ...named.map((user) => user.id)])].sort((a, b) => a - b);
}
