import type { Kysely, Selectable } from "kysely";
import {
  ACCOUNT_REQUEST_MOVES,
  ACCOUNT_REQUEST_STATE_LABELS,
  type AccountOpeningRequest,
  type AccountRequestReceipt,
  type AccountRequestState,
  type AccountRequestView,
  type MoveAccountRequest,
  type MoveAccountRequestResponse,
} from "@shared/contracts/requests";
import type { ServiceCaller } from "../auth/service-tokens";
import type { AccountRequestStepsTable, AccountRequestsTable, Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { recordOutboxEvent } from "../outbox/record";
import type { UserMail } from "../users/mail";
import { sendInvitations } from "../customers/invitations";
import { openCustomerFromRequest, type OpenedCustomer } from "./open-customer";
import { ACCOUNT_REQUEST_CAP, assertUnderCap } from "./limits";
import { accountRequestAcknowledgementMail, accountRequestAnswerMail, accountRequestToSalesMail } from "./mail";

/**
 * Account opening requests (docs/requests.md): saved in state « received » with its first step,
 * e-mailed to sales and acknowledged to the requester; the distributor's systems then move
 * them (service token) to « in_review », « accepted » or « refused », every step kept with its
 * author and note. An answer (accepted, refused) is final and is e-mailed to the requester.
 */

export interface AccountRequestDeps {
  db: Kysely<Database>;
  mail: UserMail;
  /** The sales team's address (requests/config.ts). */
  salesAddress: string;
}

/** What the requester and sales quote: OUV-2026-00012. */
export function accountRequestReference(id: number, receivedAt: Date): string {
  return `OUV-${receivedAt.getUTCFullYear()}-${String(id).padStart(5, "0")}`;
}

/** The author of the first step: the requester, through the portal's form. */
const REQUESTER = "Formulaire du portail";

export async function submitAccountRequest(
  deps: AccountRequestDeps,
  request: AccountOpeningRequest,
  now: Date,
): Promise<AccountRequestReceipt> {
  await assertUnderCap(deps.db, ACCOUNT_REQUEST_CAP, request.email, now);
  const id = await deps.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto("account_requests")
      .values({ ...request, state: "received", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("account_request_steps")
      .values({ request_id: saved.id, state: "received", note: "", actor: REQUESTER, at: now })
      .execute();
    // Sales' ERP or CRM hears of it through the outbox, committed with it (decision 0182).
    const view = await readAccountRequest(trx, saved.id);
    await recordOutboxEvent(trx, {
      type: "account_request.received",
      stream: `account-request:${view.reference}`,
      orgId: null,
      at: now,
      data: { request: view },
    });
    return saved.id;
  });
  const facts = { reference: accountRequestReference(id, now), request, receivedAt: now };
  await deps.mail.send(deps.salesAddress, accountRequestToSalesMail(facts), "account_request");
  await deps.mail.send(request.email, accountRequestAcknowledgementMail(facts), "account_request_ack");
  return { id, reference: facts.reference, received_at: now.toISOString() };
}

/** A request with the reference of the customer its acceptance opened, if any. */
type RequestRow = Selectable<AccountRequestsTable> & { org_ref: string | null };
type StepRow = Selectable<AccountRequestStepsTable>;

function viewOf(row: RequestRow, steps: StepRow[]): AccountRequestView {
  return {
    id: row.id,
    reference: accountRequestReference(row.id, row.created_at),
    state: row.state,
    company: row.company,
    siret: row.siret,
    vat_number: row.vat_number,
    street: row.street,
    zipcode: row.zipcode,
    city: row.city,
    country: row.country,
    activity: row.activity as AccountRequestView["activity"],
    contact_name: row.contact_name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    received_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    history: steps.map((step) => ({
      state: step.state as AccountRequestState,
      note: step.note,
      actor: step.actor,
      at: step.at.toISOString(),
    })),
    customer: row.org_id !== null && row.org_ref !== null ? { org_id: row.org_id, reference: row.org_ref } : null,
  };
}

function requestRows(db: Kysely<Database>) {
  return db
    .selectFrom("account_requests as r")
    .leftJoin("organizations as o", "o.id", "r.org_id")
    .selectAll("r")
    .select("o.ref as org_ref");
}

async function stepsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, StepRow[]>> {
  const byRequest = new Map<number, StepRow[]>();
  if (ids.length === 0) return byRequest;
  const rows = await db.selectFrom("account_request_steps").selectAll().where("request_id", "in", ids).orderBy("id").execute();
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
  return byRequest;
}

/** The latest requests, newest first; only those in `state` when given. */
export async function listAccountRequests(
  db: Kysely<Database>,
  filter: { state?: AccountRequestState; limit: number },
): Promise<AccountRequestView[]> {
  let query = requestRows(db).orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(filter.limit);
  if (filter.state) query = query.where("r.state", "=", filter.state);
  const rows = await query.execute();
  const steps = await stepsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, steps.get(row.id) ?? []));
}

const unknownRequest = () => new ApiFailure(404, "unknown_account_request", "Aucune demande d'ouverture de compte ne porte ce numéro.");

export async function readAccountRequest(db: Kysely<Database>, id: number): Promise<AccountRequestView> {
  const row = await requestRows(db).where("r.id", "=", id).executeTakeFirst();
  if (!row) throw unknownRequest();
  return viewOf(row, (await stepsOf(db, [id])).get(id) ?? []);
}

function refusedMove(from: AccountRequestState, to: AccountRequestState): ApiFailure {
  const message =
    from === to
      ? `La demande est déjà « ${ACCOUNT_REQUEST_STATE_LABELS[to]} ».`
      : ACCOUNT_REQUEST_MOVES[from].length === 0
        ? `La demande est déjà ${ACCOUNT_REQUEST_STATE_LABELS[from]} : sa réponse est définitive.`
        : `Une demande « ${ACCOUNT_REQUEST_STATE_LABELS[from]} » ne peut pas passer à « ${ACCOUNT_REQUEST_STATE_LABELS[to]} ».`;
  return new ApiFailure(409, "request_state", message, { state: from });
}

/**
 * The distributor's systems move a request: checked against ACCOUNT_REQUEST_MOVES under a row
 * lock, so two answers at once cannot both pass. With `create_customer` the acceptance opens
 * the customer in the same transaction (decision 0179). The requester is told of an answer
 * after the commit, then the contact receives its invitation.
 */
export async function moveAccountRequest(
  deps: AccountRequestDeps,
  id: number,
  move: MoveAccountRequest,
  service: ServiceCaller,
  now: Date,
): Promise<MoveAccountRequestResponse> {
  let opened: OpenedCustomer | null = null;
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("account_requests").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!current) throw unknownRequest();
    if (!ACCOUNT_REQUEST_MOVES[current.state].includes(move.state)) throw refusedMove(current.state, move.state);
    await trx.updateTable("account_requests").set({ state: move.state, updated_at: now }).where("id", "=", id).execute();
    await trx
      .insertInto("account_request_steps")
      .values({ request_id: id, state: move.state, note: move.note, actor: service.name, at: now })
      .execute();
    if (move.create_customer) opened = await openCustomerFromRequest(trx, current, move.create_customer, { system: service.name, now });
    return current;
  });
  const customer = opened as OpenedCustomer | null;
  if (move.state === "accepted" || move.state === "refused") {
    const reference = accountRequestReference(row.id, row.created_at);
    const content = accountRequestAnswerMail({
      reference,
      company: row.company,
      contactName: row.contact_name,
      state: move.state,
      note: move.note,
      customerReference: move.create_customer?.reference ?? null,
    });
    await deps.mail.send(row.email, content, "account_request_answer");
  }
  const view = await readAccountRequest(deps.db, id);
  return customer ? { ...view, invitation_sent: (await sendInvitations(deps.mail, [customer.invitation])) === 1 } : view;
}
