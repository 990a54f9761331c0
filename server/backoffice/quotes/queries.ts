import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import {
  QUOTE_STATES,
  type QuoteDetail,
  type QuoteEventKind,
  type QuoteListResponse,
  type QuoteProposal,
  type QuoteState,
  type SalesQuoteListResponse,
} from "@shared/contracts/quotes";
import { daysBetween, lineUnitPrice, parisDate } from "@shared/domain/index";
import { quoteActionsFor, waitingFor, type ActingSide } from "@shared/domain/quotes";
import type { Database } from "../db/schema";
import { likeLiteral } from "../orders/text-match";
import { pricedProducts } from "../pim/pricing";
import { inScope, type QuoteScope } from "./access";
import { actorOf, attachmentView, shownState, summaryView } from "./views";

/**
 * Reading quotes (docs/quotes.md): a list within the caller's scope with its filters, one quote
 * in full. Reading never changes anything: a proposal past its validity reads as « expiré »
 * (the SQL of the state filter says what quoteStateOn says).
 */

export interface QuoteFilters {
  state?: QuoteState;
  orgId?: number;
  /** Asked on or after / on or before, France dates. */
  from?: string;
  to?: string;
  q?: string;
  /** The representative's list: the quotes waiting for the commercial side first. */
  pendingFirst?: boolean;
}

export interface Paging {
  page: number;
  size: number;
}

function stateIs(state: QuoteState, today: string): RawBuilder<SqlBool> {
  if (state === "expiré") return sql<SqlBool>`(q.state = 'expiré' or (q.state = 'proposé' and q.valid_until < ${today}::date))`;
  if (state === "proposé") return sql<SqlBool>`(q.state = 'proposé' and q.valid_until >= ${today}::date)`;
  return sql<SqlBool>`q.state = ${state}`;
}

const askedDay = sql<string>`(q.created_at at time zone 'Europe/Paris')::date`;

function filtered(db: Kysely<Database>, scope: QuoteScope, filters: QuoteFilters, today: string) {
  let query = db.selectFrom("quotes as q").where(inScope(scope));
  if (filters.orgId !== undefined) query = query.where("q.org_id", "=", filters.orgId);
  if (filters.state) query = query.where(stateIs(filters.state, today));
  if (filters.from) query = query.where(sql<SqlBool>`${askedDay} >= ${filters.from}::date`);
  if (filters.to) query = query.where(sql<SqlBool>`${askedDay} <= ${filters.to}::date`);
  const text = filters.q?.trim();
  if (text) {
    const pattern = `%${likeLiteral(text.toLowerCase())}%`;
    query = query.where(sql<SqlBool>`(lower(q.number) like ${pattern} or lower(q.customer_ref) like ${pattern})`);
  }
  return query;
}

function summaryRows(db: Kysely<Database>) {
  return db
    .selectFrom("quotes as q")
    .innerJoin("organizations as g", "g.id", "q.org_id")
    .select([
      "q.id",
      "q.number",
      "q.org_id",
      "g.ref as org_ref",
      "g.name as org_name",
      "q.customer_ref",
      "q.state",
      "q.created_at",
      "q.requested_by",
      "q.requested_by_name",
      "q.updated_at",
      "q.wished_date",
      "q.valid_until",
      "q.total_ht",
      sql<number>`(select count(*) from quote_lines l where l.quo_id = q.id)`.as("line_count"),
    ]);
}

/**
 * 0 for a quote waiting for the representative, 1 otherwise (waitingFor's rule in SQL: a
 * stored state is enough, an expired proposal waits for nobody either way).
 */
const waitingRank = sql<number>`(case when q.state in (${sql.join(QUOTE_STATES.filter((state) => waitingFor(state) === "commercial"))}) then 0 else 1 end)`;

async function quotePage(db: Kysely<Database>, scope: QuoteScope, filters: QuoteFilters, paging: Paging, today: string) {
  const base = filtered(db, scope, filters, today);
  // A constant is no sort key in SQL (ORDER BY 0 names a column): the rank only when asked.
  const ranked = base.select("q.id");
  const pageIds = (filters.pendingFirst ? ranked.orderBy(waitingRank) : ranked)
    .orderBy("q.created_at", "desc")
    .orderBy("q.id", "desc")
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  const rows = summaryRows(db).where("q.id", "in", pageIds);
  const [rowsRead, count] = await Promise.all([
    (filters.pendingFirst ? rows.orderBy(waitingRank) : rows).orderBy("q.created_at", "desc").orderBy("q.id", "desc").execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rowsRead, total: Number(count.total) };
}

/** The customer's list: its organization's quotes, newest first. */
export async function listCustomerQuotes(
  db: Kysely<Database>,
  orgId: number,
  filters: QuoteFilters,
  paging: Paging,
  now: Date,
): Promise<QuoteListResponse> {
  const today = parisDate(now);
  const { rows, total } = await quotePage(db, { kind: "org", orgId }, filters, paging, today);
  return { items: rows.map((row) => summaryView(row, today)), total, page: paging.page, size: paging.size };
}

/** The representative's list: the quotes of its clients, with their age, and its clients for the filter. */
export async function listSalesQuotes(
  db: Kysely<Database>,
  contributorId: number,
  filters: QuoteFilters,
  paging: Paging,
  now: Date,
): Promise<SalesQuoteListResponse> {
  const today = parisDate(now);
  const [{ rows, total }, clients] = await Promise.all([
    quotePage(db, { kind: "contributor", contributorId }, filters, paging, today),
    db
      .selectFrom("contributor_clients as cc")
      .innerJoin("organizations as g", "g.id", "cc.org_id")
      .select(["g.id as org_id", "g.ref as org_ref", "g.name as org_name"])
      .where("cc.contributor_id", "=", contributorId)
      .orderBy("g.name")
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({ ...summaryView(row, today), age_days: Math.max(0, daysBetween(parisDate(row.created_at), today)) })),
    total,
    page: paging.page,
    size: paging.size,
    clients,
  };
}

/** Each product's usual unit price for the organization today (the promotion when lower). */
async function usualPrices(db: Kysely<Database>, orgId: number, today: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await pricedProducts(db, orgId, today).select(["p.id", "p.price_selling"]).where("p.id", "in", ids).execute();
  return new Map(
    rows.map((row) => [
      row.id,
      lineUnitPrice({
        prd_price_selling: row.price_selling,
        prc_price: row.prc_price,
        prc_promo_price: row.prc_promo_price,
        prc_discount: Number(row.prc_discount),
      }),
    ]),
  );
}

export interface DetailAccess {
  scope: QuoteScope;
  side: ActingSide;
  prices: boolean;
}

/** One quote in full, as `side` sees it; undefined when it is outside the scope (404). */
export async function loadQuoteDetail(
  db: Kysely<Database>,
  quoId: number,
  access: DetailAccess,
  now: Date,
): Promise<QuoteDetail | undefined> {
  const today = parisDate(now);
  const row = await summaryRows(db).where("q.id", "=", quoId).where(inScope(access.scope)).executeTakeFirst();
  if (!row) return undefined;
  const [asked, proposals, proposalLines, messages, attachments, events, accepted] = await Promise.all([
    db.selectFrom("quote_lines").selectAll().where("quo_id", "=", quoId).orderBy("position").execute(),
    db.selectFrom("quote_proposals").selectAll().where("quo_id", "=", quoId).orderBy("version").execute(),
    db.selectFrom("quote_proposal_lines").selectAll().where("quo_id", "=", quoId).orderBy("version").orderBy("position").execute(),
    db.selectFrom("quote_messages").selectAll().where("quo_id", "=", quoId).orderBy("at").orderBy("id").execute(),
    db
      .selectFrom("quote_attachments")
      .select(["id", "message_id", "file_name", "mime", "size", "created_at"])
      .where("quo_id", "=", quoId)
      .orderBy("id")
      .execute(),
    db.selectFrom("quote_events").selectAll().where("quo_id", "=", quoId).orderBy("at").orderBy("id").execute(),
    db.selectFrom("quote_accepted_positions").select("position").where("quo_id", "=", quoId).orderBy("position").execute(),
  ]);
  const usual = access.prices
    ? await usualPrices(db, row.org_id, today, [...new Set(proposalLines.map((line) => line.product_id))])
    : new Map<number, number>();
  const proposalViews: QuoteProposal[] = proposals.map((proposal) => ({
    version: proposal.version,
    created_at: proposal.created_at.toISOString(),
    author: actorOf(proposal.author_id, proposal.author_name, "commercial"),
    valid_until: proposal.valid_until,
    conditions: proposal.conditions,
    total_ht: Number(proposal.total_ht),
    lines: proposalLines
      .filter((line) => line.version === proposal.version)
      .map((line) => ({
        position: line.position,
        obj_id: line.product_id,
        obj_ref: line.obj_ref,
        title: line.title,
        qty: line.qty,
        usual_price: usual.get(line.product_id) ?? null,
        unit_price: line.unit_price,
        ecotax: line.ecotax,
        answers_position: line.answers_position,
        is_alternative: line.is_alternative,
        note: line.note,
      })),
  }));
  const state = shownState(row, today);
  return {
    ...summaryView(row, today),
    asked_lines: asked.map((line) => ({
      position: line.position,
      obj_id: line.product_id,
      obj_ref: line.obj_ref,
      title: line.title,
      qty: line.qty,
    })),
    proposals: proposalViews,
    messages: messages.map((message) => ({
      msg_id: message.id,
      at: message.at.toISOString(),
      author: actorOf(message.author_id, message.author_name, message.side),
      body: message.body,
      attachments: attachments.filter((attachment) => attachment.message_id === message.id).map(attachmentView),
    })),
    timeline: events.map((event) => ({
      at: event.at.toISOString(),
      kind: event.kind as QuoteEventKind,
      state: event.state as QuoteState,
      author: actorOf(event.author_id, event.author_name, event.side),
      note: event.note,
    })),
    // The request's own files (those of messages are listed with their message).
    attachments: attachments.filter((attachment) => attachment.message_id === null).map(attachmentView),
    accepted_positions: accepted.map((position) => position.position),
    actions: quoteActionsFor(access.side, state),
  };
}
