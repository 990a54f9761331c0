import type { Kysely } from "kysely";
import { daysBetween } from "@shared/domain/index";
import type { Database, PeopleFlags } from "../../db/schema";
import type { QuoteMailFacts, QuoteMailKind } from "./templates";

/**
 * What an e-mail about a quote says and who receives it, read from the committed rows
 * (docs/quotes-mail.md): the quote, the proposal in force, the latest event of the kind told
 * (its author, its note) and the message written with it. Recipients are logins that are
 * e-mail addresses, of accounts not disabled.
 */

export interface Recipient {
  usrId: number;
  email: string;
  /** A people account without `prices` gets no amount (decision 0107). */
  showPrices: boolean;
}

export interface QuoteMailContext {
  quoId: number;
  orgId: number;
  requestedBy: number;
  facts: QuoteMailFacts;
  /** The author of the event told: not sent a copy of what it did itself. */
  actorId: number | null;
  /** The event row told (the latest of its kind), null for a message: names an alert's claim (alerts/deliveries.ts). */
  eventId: number | null;
}

const isEmail = (login: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(login);

/** Which event row each e-mail tells of (the notice kinds are the event kinds, but for messages). */
const EVENT_OF: Partial<Record<QuoteMailKind, string>> = {
  requested: "requested",
  information_requested: "information_requested",
  information_given: "information_given",
  proposed: "proposed",
  revised: "revised",
  accepted: "accepted",
  refused: "refused",
  cancelled: "cancelled",
  reminder: "reminded",
};

/** The facts for an e-mail of `kind`; undefined when the quote is gone. */
export async function loadMailContext(
  db: Kysely<Database>,
  quoId: number,
  kind: QuoteMailKind,
  today: string,
): Promise<QuoteMailContext | undefined> {
  const quote = await db
    .selectFrom("quotes as q")
    .innerJoin("organizations as o", "o.id", "q.org_id")
    .select([
      "q.id",
      "q.number",
      "q.customer_ref",
      "q.org_id",
      "q.requested_by",
      "q.requested_by_name",
      "q.message",
      "q.version",
      "q.valid_until",
      "q.total_ht",
      "o.name as org_name",
      "o.ref as org_ref",
    ])
    .where("q.id", "=", quoId)
    .executeTakeFirst();
  if (!quote) return undefined;

  const eventKind = EVENT_OF[kind];
  const [event, message, lineCount, accepted] = await Promise.all([
    eventKind
      ? db
          .selectFrom("quote_events")
          .select(["id", "author_id", "author_name", "note", "at"])
          .where("quo_id", "=", quoId)
          .where("kind", "=", eventKind)
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom("quote_messages")
      .select(["id", "author_id", "author_name", "body", "at"])
      .where("quo_id", "=", quoId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    quote.version > 0
      ? db
          .selectFrom("quote_proposal_lines")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("quo_id", "=", quoId)
          .where("version", "=", quote.version)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    kind === "accepted"
      ? db
          .selectFrom("quote_accepted_positions as a")
          .innerJoin("quote_proposal_lines as l", (join) =>
            join.onRef("l.quo_id", "=", "a.quo_id").onRef("l.version", "=", "a.version").onRef("l.position", "=", "a.position"),
          )
          .select(["l.obj_ref", "l.title", "l.qty"])
          .where("a.quo_id", "=", quoId)
          .orderBy("a.position")
          .execute()
      : Promise.resolve([]),
  ]);

  // A message belongs to the event when it was written in the same change: both rows carry the
  // change's instant (one clock reading per change, workflow.ts) and the same author.
  const sameChange =
    message && event && new Date(message.at).getTime() === new Date(event.at).getTime() && message.author_id === event.author_id;
  const body = (() => {
    if (kind === "message") return message?.body ?? null;
    if (kind === "requested") return quote.message || null;
    if (kind === "refused" || kind === "cancelled") return event?.note ?? null;
    if (kind === "reminder") return null;
    return sameChange ? message.body : null;
  })();
  const actor = kind === "message" ? message : event;

  return {
    quoId,
    orgId: quote.org_id,
    requestedBy: quote.requested_by,
    actorId: actor?.author_id ?? null,
    eventId: event?.id ?? null,
    facts: {
      number: quote.number,
      customerRef: quote.customer_ref,
      orgName: quote.org_name,
      orgRef: quote.org_ref,
      actorName: actor?.author_name ?? (kind === "requested" ? quote.requested_by_name : ""),
      proposal:
        quote.version > 0 && quote.valid_until !== null
          ? {
              version: quote.version,
              validUntil: quote.valid_until,
              totalHt: Number(quote.total_ht ?? 0),
              lineCount: Number(lineCount?.count ?? 0),
            }
          : null,
      body,
      acceptedLines: accepted.map((line) => `${line.obj_ref} — ${line.title} × ${line.qty}`),
      daysLeft: quote.valid_until ? daysBetween(today, quote.valid_until) : null,
    },
  };
}

function recipientOf(row: { id: number; login: string; class: string; auth_flags: PeopleFlags | null }): Recipient | null {
  if (!isEmail(row.login)) return null;
  return { usrId: row.id, email: row.login.toLowerCase(), showPrices: row.class !== "people" || row.auth_flags?.prices !== false };
}

/**
 * The client side: the person who asked; when a representative asked while acting for the
 * client (login-as), the organization's own account instead, so the client hears of its quote.
 */
export async function clientRecipients(db: Kysely<Database>, context: QuoteMailContext): Promise<Recipient[]> {
  const requester = await db
    .selectFrom("users")
    .select(["id", "login", "class", "auth_flags", "disabled"])
    .where("id", "=", context.requestedBy)
    .executeTakeFirst();
  const rows =
    requester && requester.class !== "contributor"
      ? [requester]
      : await db
          .selectFrom("users")
          .select(["id", "login", "class", "auth_flags", "disabled"])
          .where("org_id", "=", context.orgId)
          .where("class", "=", "organization")
          .execute();
  return unique(rows.filter((row) => !row.disabled).map(recipientOf));
}

/** The representative side: every contributor linked to the organization. */
export async function salesRecipients(db: Kysely<Database>, context: QuoteMailContext): Promise<Recipient[]> {
  const rows = await db
    .selectFrom("contributor_clients as cc")
    .innerJoin("users as u", "u.id", "cc.contributor_id")
    .select(["u.id", "u.login", "u.class", "u.auth_flags"])
    .where("cc.org_id", "=", context.orgId)
    .where("u.disabled", "=", false)
    .orderBy("u.id")
    .execute();
  return unique(rows.map(recipientOf));
}

function unique(recipients: Array<Recipient | null>): Recipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient): recipient is Recipient => {
    if (!recipient || seen.has(recipient.email)) return false;
    seen.add(recipient.email);
    return true;
  });
}
