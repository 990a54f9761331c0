import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import {
  deliveryName,
  headOfficeName,
  insertCustomer,
  insertOrganizationAccount,
  organizationColumns,
  organizationLogin,
  setContributors,
} from "../../customers/accounts";
import { inviterName, prepareInvitation, sendInvitations, type InvitedAccount, type PreparedInvitation } from "../../customers/invitations";
import type { LineIssue } from "../reader/table";
import { slices } from "./chunks";
import { CUSTOMER_COLUMNS } from "./customer-columns";
import { readCustomerLine, type CustomerLine, type DeliveryAddress } from "./customer-lines";
import { DELIVERY_KEY, loadCustomerState, type CustomerState, type StoredAddress } from "./customer-state";
import type { Feed, FeedContext } from "./plan";

/**
 * The `customers` feed (docs/integration.md, decision 0178): upserted by the ERP's reference
 * (organizations.ref). A line sets the organization, its head office (the invoicing address),
 * one delivery address kept under the key « LIVRAISON » (updated in place, never added twice),
 * its conditions, its price group and the contributors that follow it; a new customer gets its own account
 * (class organization), without a password, its login the E-mail column's address.
 */

/** What applying an accepted line does to the organization account. */
type AccountChange = { kind: "none" } | { kind: "create"; login: string } | { kind: "login"; login: string };

interface PlannedLine extends CustomerLine {
  account: AccountChange;
  changed: boolean;
}

function sameAddressRow(row: StoredAddress | undefined, name: string, address: DeliveryAddress): boolean {
  return (
    row !== undefined &&
    row.name === name &&
    row.line1 === address.street &&
    row.line2 === address.street2 &&
    row.zipcode === address.zipcode &&
    row.city === address.city &&
    row.country.trim() === address.country
  );
}

const billingOf = (line: CustomerLine): DeliveryAddress => ({
  street: line.facts.street,
  street2: line.facts.street2,
  zipcode: line.facts.zipcode,
  city: line.facts.city,
  country: line.facts.country,
});

/** The organization's columns the line writes: the SIREN follows the SIRET only when the file gives it. */
function columnsOf(line: CustomerLine, fields: ReadonlySet<string>) {
  const columns = organizationColumns(line.facts);
  return line.stored && !fields.has("siret") ? { ...columns, siren: line.stored.siren } : columns;
}

function organizationChanged(line: CustomerLine, fields: ReadonlySet<string>): boolean {
  const stored = line.stored;
  if (!stored) return true;
  const wanted = columnsOf(line, fields);
  const current: Record<string, unknown> = { ...stored, country: stored.country.trim() };
  return Object.entries(wanted).some(([column, value]) => column !== "ref" && current[column] !== value);
}

/** The account change of a line, or the issue refusing it: a login is any account's once. */
function accountChange(line: CustomerLine, state: CustomerState, emails: Map<string, number>): AccountChange | LineIssue {
  const account = line.stored ? state.organizationAccounts.get(line.stored.id) : undefined;
  // An account whose owner chose a password keeps its login: the customer changes it in the portal.
  const wanted = account ? (account.password_hash === "" ? line.email : null) : organizationLogin(line.facts.reference, line.email);
  if (wanted === null || (account && account.login.toLowerCase() === wanted.toLowerCase())) return { kind: "none" };
  const column = line.email === null ? "Référence" : "E-mail";
  const owner = state.logins.get(wanted.toLowerCase());
  if (owner && owner.id !== account?.id)
    return { line: line.line, column, value: wanted, message: "est déjà l'identifiant d'un autre compte du portail" };
  const first = emails.get(wanted.toLowerCase());
  if (first !== undefined)
    return { line: line.line, column, value: wanted, message: `est déjà l'identifiant du client de la ligne ${first}` };
  emails.set(wanted.toLowerCase(), line.line);
  return account ? { kind: "login", login: wanted } : { kind: "create", login: wanted };
}

function lineChanged(line: CustomerLine, account: AccountChange, state: CustomerState, fields: ReadonlySet<string>): boolean {
  const stored = line.stored;
  if (!stored || account.kind !== "none" || organizationChanged(line, fields) || stored.price_group_id !== line.priceGroupId) return true;
  if (!sameAddressRow(state.headOffices.get(stored.id), headOfficeName(line.facts.name), billingOf(line))) return true;
  if (line.delivery && !sameAddressRow(state.deliveries.get(stored.id), deliveryName(line.facts.name), line.delivery)) return true;
  const current = state.links.get(stored.id) ?? [];
  return (
    line.contributors !== null && (line.contributors.length !== current.length || line.contributors.some((id) => !current.includes(id)))
  );
}

export const customersFeed: Feed = {
  columns: CUSTOMER_COLUMNS,
  async plan(trx, records, context) {
    const state = await loadCustomerState(trx);
    const issues: LineIssue[] = [];
    const planned: PlannedLine[] = [];
    const emails = new Map<string, number>();
    for (const record of records) {
      const read = readCustomerLine(record, context.fields, state);
      const account = read.issues.length === 0 ? accountChange(read.line, state, emails) : null;
      if (account === null || "message" in account) {
        issues.push(...read.issues, ...(account ? [account] : []));
        continue;
      }
      planned.push({ ...read.line, account, changed: lineChanged(read.line, account, state, context.fields) });
    }
    const created = planned.filter((line) => !line.stored).length;
    const updated = planned.filter((line) => line.stored && line.changed).length;
    const invited = context.invite ? planned.filter((line) => line.account.kind === "create" && line.email !== null) : [];
    const invitations: PreparedInvitation[] = [];
    return {
      issues,
      counts: { created, updated, unchanged: planned.length - created - updated },
      ...(context.invite ? { invitations: invited.length } : {}),
      async write() {
        const inviter = await inviterName(trx, context.author);
        const groupMoves = new Map<number | null, number[]>();
        for (const line of planned.filter((candidate) => candidate.changed)) {
          const account = await writeCustomer(trx, line, state, context.fields);
          const orgId = line.stored?.id ?? account?.org_id;
          if (orgId !== undefined && (line.stored?.price_group_id ?? null) !== line.priceGroupId)
            groupMoves.set(line.priceGroupId, [...(groupMoves.get(line.priceGroupId) ?? []), orgId]);
          if (account && context.invite && line.email !== null)
            invitations.push(
              await prepareInvitation(trx, account, {
                orgName: line.facts.name,
                inviterName: inviter,
                system: context.author,
                now: context.now,
              }),
            );
        }
        await writePriceGroups(trx, groupMoves);
      },
      afterCommit: () => sendInvitations(context.mail, invitations),
    };
  },
};

/** Writes one changed line; returns the organization account it created, if any. */
async function writeCustomer(
  trx: Kysely<Database>,
  line: PlannedLine,
  state: CustomerState,
  fields: FeedContext["fields"],
): Promise<InvitedAccount | null> {
  const stored = line.stored;
  if (!stored) {
    const account = await insertCustomer(trx, line.facts, line.email);
    await writeDelivery(trx, account.org_id, line, undefined);
    if (line.contributors) await setContributors(trx, account.org_id, line.contributors, []);
    return account;
  }
  const orgId = stored.id;
  if (organizationChanged(line, fields)) {
    const { ref: _ref, ...columns } = columnsOf(line, fields);
    await trx.updateTable("organizations").set(columns).where("id", "=", orgId).execute();
    if (stored.name !== line.facts.name)
      await trx
        .updateTable("users")
        .set({ name: line.facts.name, title: line.facts.name })
        .where("id", "=", orgId)
        .where("class", "=", "organization")
        .execute();
  }
  const headOffice = state.headOffices.get(orgId);
  const office = {
    name: headOfficeName(line.facts.name),
    line1: line.facts.street,
    line2: line.facts.street2,
    zipcode: line.facts.zipcode,
    city: line.facts.city,
    country: line.facts.country,
  };
  if (!headOffice)
    await trx
      .insertInto("addresses")
      .values({ org_id: orgId, ...office })
      .execute();
  else if (!sameAddressRow(headOffice, office.name, billingOf(line)))
    await trx.updateTable("addresses").set(office).where("id", "=", headOffice.id).execute();
  await writeDelivery(trx, orgId, line, state.deliveries.get(orgId));
  if (line.contributors) await setContributors(trx, orgId, line.contributors, state.links.get(orgId) ?? []);
  if (line.account.kind === "login") await trx.updateTable("users").set({ login: line.account.login }).where("id", "=", orgId).execute();
  if (line.account.kind === "create") return insertOrganizationAccount(trx, { id: orgId, name: line.facts.name }, line.account.login);
  return null;
}

/**
 * Puts the customers in their groups, one statement per group: the trigger of migration 0021
 * bumps the prices' revision on each (not on every customer), and the read model then drops the
 * prices it holds, so a customer's prices follow its group on the next read.
 */
async function writePriceGroups(trx: Kysely<Database>, moves: Map<number | null, number[]>): Promise<void> {
  for (const [groupId, orgIds] of moves)
    for (const ids of slices(orgIds))
      await trx.updateTable("organizations").set({ price_group_id: groupId }).where("id", "in", ids).execute();
}

async function writeDelivery(trx: Kysely<Database>, orgId: number, line: CustomerLine, stored: StoredAddress | undefined): Promise<void> {
  const delivery = line.delivery;
  if (!delivery) return;
  const name = deliveryName(line.facts.name);
  if (sameAddressRow(stored, name, delivery)) return;
  const row = {
    name,
    line1: delivery.street,
    line2: delivery.street2,
    zipcode: delivery.zipcode,
    city: delivery.city,
    country: delivery.country,
  };
  if (stored) await trx.updateTable("addresses").set(row).where("id", "=", stored.id).execute();
  else
    await trx
      .insertInto("addresses")
      .values({ org_id: orgId, ...row, erp_ref: DELIVERY_KEY })
      .execute();
}
