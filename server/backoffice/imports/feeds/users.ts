import type { Kysely } from "kysely";
import { PEOPLE_FLAG_NAMES, type PeopleFlagsView } from "@shared/contracts/users";
import type { UserImportRow } from "@shared/contracts/imports";
import type { Database, PeopleFlags } from "../../db/schema";
import { inviterName, prepareInvitation, sendInvitations, type PreparedInvitation } from "../../customers/invitations";
import { recordChange, type ChangeLine } from "../../users/history";
import { fullFlags } from "../../users/people";
import type { FeedRecord, LineIssue } from "../reader/table";
import { USER_COLUMNS } from "./customer-columns";
import { loadCustomerState, type CustomerState, type StoredOrganization } from "./customer-state";
import { text, yes, type Feed } from "./plan";

/**
 * The `users` feed (docs/integration.md, decision 0178): the customers' people accounts,
 * upserted by their e-mail (their login). A new person has no password until an invitation
 * is used (`--invite` sends it); a person's flags, administrator right, name and function
 * follow the file, each change written in the users page's history under the system's name.
 * An e-mail can be only one account's: another customer's person or any other account
 * refuses the line, and so does « Factures » oui with « Prix » non (decision 0188).
 */

interface StoredPerson {
  id: number;
  org_id: number;
  name: string;
  title: string;
  auth_flags: PeopleFlags | null;
  is_admin: boolean;
}

interface UserLine {
  line: number;
  org: StoredOrganization;
  row: UserImportRow;
  name: string;
  stored: StoredPerson | undefined;
}

const HEADER = new Map(USER_COLUMNS.map((column) => [column.field, column.header]));

function readUserLine(
  record: FeedRecord,
  fields: ReadonlySet<string>,
  state: CustomerState,
  people: Map<string, StoredPerson>,
): UserLine | LineIssue {
  const issue = (field: string, value: string, message: string): LineIssue => ({
    line: record.line,
    column: HEADER.get(field) ?? field,
    value,
    message,
  });
  const reference = text(record, "customer_reference") ?? "";
  const org = state.organizations.get(reference);
  if (!org || org.is_distributor)
    return issue("customer_reference", reference, "n'est pas un client connu (importez d'abord le flux customers)");
  const email = text(record, "email") ?? "";
  const owner = state.logins.get(email);
  const stored = owner?.class === "people" ? people.get(email) : undefined;
  if (owner && owner.class !== "people") return issue("email", email, "est déjà l'identifiant d'un autre compte du portail");
  if (stored && stored.org_id !== org.id) {
    const other = [...state.organizations.values()].find((candidate) => candidate.id === stored.org_id);
    return issue("email", email, `est déjà le compte d'une personne d'un autre client${other ? ` (${other.ref})` : ""}`);
  }
  const before = stored ? fullFlags(stored.auth_flags) : null;
  const flag = (name: keyof PeopleFlagsView) => (fields.has(name) ? yes(record, name) : (before?.[name] ?? true));
  // Invoices are amounts (decision 0188): « Factures » oui with « Prix » non is refused; a file
  // without the « Factures » column takes invoices away with prices.
  const prices = flag("prices");
  if (fields.has("invoices") && yes(record, "invoices") && !prices)
    return issue(
      "invoices",
      "oui",
      "demande « Prix » à oui : une facture montre les montants (mettez « Prix » à oui ou « Factures » à non)",
    );
  const row: UserImportRow = {
    customer_reference: reference,
    email,
    first_name: text(record, "first_name"),
    last_name: text(record, "last_name") ?? "",
    title: fields.has("title") ? (text(record, "title") ?? "") : (stored?.title ?? ""),
    flags: { cart: flag("cart"), orders: flag("orders"), quotes: flag("quotes"), invoices: flag("invoices") && prices, prices },
    is_admin: fields.has("is_admin") ? yes(record, "is_admin") : (stored?.is_admin ?? false),
  };
  const name = [row.first_name, row.last_name].filter((part) => part).join(" ");
  return { line: record.line, org, row, name, stored };
}

/** The history lines of an update, empty when the line changes nothing. */
function changesOf(line: UserLine): Array<Pick<ChangeLine, "change" | "details">> {
  const stored = line.stored;
  if (!stored) return [];
  const changes: Array<Pick<ChangeLine, "change" | "details">> = [];
  const before = fullFlags(stored.auth_flags);
  const flags = Object.fromEntries(
    PEOPLE_FLAG_NAMES.filter((name) => before[name] !== line.row.flags[name]).map((name) => [name, line.row.flags[name]]),
  );
  if (Object.keys(flags).length > 0) changes.push({ change: "flags", details: flags });
  if (stored.is_admin !== line.row.is_admin) changes.push({ change: line.row.is_admin ? "admin_granted" : "admin_removed" });
  if (stored.name !== line.name || stored.title !== line.row.title)
    changes.push({ change: "details_changed", details: { name: line.name, title: line.row.title } });
  return changes;
}

async function loadPeople(trx: Kysely<Database>): Promise<Map<string, StoredPerson>> {
  const rows = await trx
    .selectFrom("users")
    .select(["id", "org_id", "login", "name", "title", "auth_flags", "is_admin"])
    .where("class", "=", "people")
    .execute();
  return new Map(rows.map((row) => [row.login.toLowerCase(), row]));
}

export const usersFeed: Feed = {
  columns: USER_COLUMNS,
  async plan(trx, records, context) {
    const [state, people] = await Promise.all([loadCustomerState(trx), loadPeople(trx)]);
    const issues: LineIssue[] = [];
    const lines: UserLine[] = [];
    for (const record of records) {
      const read = readUserLine(record, context.fields, state, people);
      if ("message" in read) issues.push(read);
      else lines.push(read);
    }
    const created = lines.filter((line) => !line.stored);
    const updated = lines.filter((line) => changesOf(line).length > 0);
    const invitations: PreparedInvitation[] = [];
    const system = { id: null, name: context.author };
    return {
      issues,
      counts: { created: created.length, updated: updated.length, unchanged: lines.length - created.length - updated.length },
      ...(context.invite ? { invitations: created.length } : {}),
      async write() {
        const inviter = await inviterName(trx, context.author);
        for (const line of created) {
          const person = await trx
            .insertInto("users")
            .values({
              org_id: line.org.id,
              class: "people",
              login: line.row.email,
              // No password: the account cannot log in until an invitation is used (docs/users.md).
              password_hash: "",
              name: line.name,
              title: line.row.title,
              auth_flags: JSON.stringify(line.row.flags),
              is_admin: line.row.is_admin,
            })
            .returning(["id", "org_id", "login", "name"])
            .executeTakeFirstOrThrow();
          if (context.invite)
            invitations.push(
              await prepareInvitation(trx, person, {
                orgName: line.org.name,
                inviterName: inviter,
                system: context.author,
                now: context.now,
              }),
            );
          else
            await recordChange(trx, {
              orgId: line.org.id,
              actor: system,
              target: person,
              change: "created",
              details: { email: line.row.email },
              at: context.now,
            });
        }
        for (const line of updated) {
          const target = { id: line.stored?.id ?? 0, name: line.name };
          await trx
            .updateTable("users")
            .set({ name: line.name, title: line.row.title, auth_flags: JSON.stringify(line.row.flags), is_admin: line.row.is_admin })
            .where("id", "=", target.id)
            .execute();
          for (const change of changesOf(line))
            await recordChange(trx, { ...change, orgId: line.org.id, actor: system, target, at: context.now });
        }
      },
      afterCommit: () => sendInvitations(context.mail, invitations),
    };
  },
};
