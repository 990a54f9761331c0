import { sql, type Kysely } from "kysely";
import { PEOPLE_FLAG_NAMES, type PeopleFlagsView, type UpdatePersonRequest } from "@shared/contracts/users";
import { changeFlags } from "@shared/domain/index";
import { revokeUserTokens } from "../auth/tokens";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import type { Session } from "../http/session";
import { actorOf, findPerson, isPending } from "./access";
import { recordChange, type ChangeLine } from "./history";
import { fullFlags } from "./people";

const lastAdmin = () =>
  new ApiFailure(
    409,
    "last_admin",
    "Cette personne est le dernier administrateur de votre organisation : nommez d'abord un autre administrateur.",
  );

/** Active administrators of the organization other than `exceptId` (the organization account is not counted). */
async function otherActiveAdmins(db: Kysely<Database>, orgId: number, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("org_id", "=", orgId)
    .where("class", "=", "people")
    .where("is_admin", "=", true)
    .where("disabled", "=", false)
    .where("password_hash", "!=", "")
    .where("id", "!=", exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The flags that change, the invoices rule applied (decision 0188): removing prices removes
 * invoices too (both written in the history); invoices without prices are a 422.
 */
function changedFlags(before: PeopleFlagsView, asked: Partial<PeopleFlagsView>): Partial<PeopleFlagsView> {
  const result = changeFlags(before, asked);
  if (!result.ok) throw new ApiFailure(422, "invoices_need_prices", result.message);
  const changed: Partial<PeopleFlagsView> = {};
  for (const name of PEOPLE_FLAG_NAMES) {
    if (result.flags[name] !== before[name]) changed[name] = result.flags[name];
  }
  return changed;
}

/**
 * Applies a PATCH of a person in one transaction, with its history lines. The organization's
 * row is locked first, so two administrators removing each other at once cannot leave none.
 * Returns whether anything changed: the caller then clears the session cache, so the person's
 * very next call is judged on the new row (docs/users.md).
 */
export async function updatePerson(
  db: Kysely<Database>,
  session: Session,
  orgId: number,
  usrId: number,
  body: UpdatePersonRequest,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select id from organizations where id = ${orgId} for update`.execute(trx);
    const person = await findPerson(trx, orgId, usrId);
    const lines: Array<Omit<ChangeLine, "orgId" | "actor" | "target" | "at">> = [];
    const set: { auth_flags?: string; is_admin?: boolean; disabled?: boolean } = {};

    const before = fullFlags(person.auth_flags);
    const flags = changedFlags(before, body.flags ?? {});
    if (Object.keys(flags).length > 0) {
      set.auth_flags = JSON.stringify({ ...before, ...flags });
      lines.push({ change: "flags", details: flags });
    }
    const losesAdmin = (body.is_admin === false && person.is_admin) || (body.disabled === true && !person.disabled && person.is_admin);
    if (losesAdmin && !person.disabled && !isPending(person) && (await otherActiveAdmins(trx, orgId, person.id)) === 0) throw lastAdmin();
    if (body.is_admin !== undefined && body.is_admin !== person.is_admin) {
      set.is_admin = body.is_admin;
      lines.push({ change: body.is_admin ? "admin_granted" : "admin_removed" });
    }
    if (body.disabled !== undefined && body.disabled !== person.disabled) {
      if (body.disabled && person.id === session.user.id) {
        throw new ApiFailure(409, "self_disable", "Vous ne pouvez pas désactiver votre propre compte.");
      }
      set.disabled = body.disabled;
      lines.push({ change: body.disabled ? "disabled" : "enabled" });
      // Their sessions end now: pages, live connections and login-as alike.
      if (body.disabled) await revokeUserTokens(trx, person.id, now);
    }
    if (lines.length === 0) return false;
    await trx.updateTable("users").set(set).where("id", "=", person.id).execute();
    const actor = actorOf(session);
    for (const line of lines) await recordChange(trx, { ...line, orgId, actor, target: person, at: now });
    return true;
  });
}
