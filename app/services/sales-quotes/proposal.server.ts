import { QUOTE_MESSAGE_MAX, quoteProposalRequest, type QuoteDetail, type QuoteProposalRequest } from "@shared/contracts/quotes";
import type { ProductDetail } from "@shared/contracts/api";
import { normalizeReference } from "@shared/domain/index";
import { latestValidity } from "@shared/domain/quotes";
import type { FieldErrors } from "~/services/forms/types";
import { UpstreamError } from "~/services/upstream/index.server";
import type { SalesUser } from "./user.server";
import { EXTRA_PROPOSAL_ROWS, proposalField } from "./types";
import { formatDate } from "@shared/domain/french-format";
import { calendarDate, note } from "@shared/contracts/primitives";

/** The most rows a form may send: the contract's 200 lines and the empty rows offered. */
const MAX_ROWS = 200 + EXTRA_PROPOSAL_ROWS;
const MAX_UNIT_PRICE = 10_000_000;
const LOOKUP_CONCURRENCY = 8;

export const PRICE_NOT_POSITIVE = "Le prix doit être positif.";
export const PRICE_TOO_HIGH = "Prix unitaire trop élevé (au plus 100 000,00 €).";
export const PRICE_INVALID = "Prix invalide : indiquez un montant en euros, par exemple 12,50.";
export const VALIDITY_PAST = "La date de validité ne peut pas être passée.";
export const NO_PROPOSAL_LINE = "Proposez au moins une ligne : indiquez une référence, une quantité et un prix.";

type PriceRead = { ok: true; cents: number } | { ok: false; message: string };

/** Euros as a French representative types them (« 12,50 », « 1 234,5 », « 12.50 € ») into cents. */
export function readPrice(text: string): PriceRead {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(/€$/, "");
  if (/^-/.test(compact)) return { ok: false, message: PRICE_NOT_POSITIVE };
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return { ok: false, message: PRICE_INVALID };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  if (cents < 1) return { ok: false, message: PRICE_NOT_POSITIVE };
  if (cents > MAX_UNIT_PRICE) return { ok: false, message: PRICE_TOO_HIGH };
  return { ok: true, cents };
}

function readQty(text: string): number | string {
  if (!/^\d{1,6}$/.test(text)) return "La quantité doit être un nombre entier d'au moins 1.";
  const qty = Number(text);
  if (qty < 1) return "La quantité doit être d'au moins 1.";
  if (qty > 99_999) return "Au plus 99 999 par ligne.";
  return qty;
}

interface RowRead {
  row: number;
  ref: string;
  qty: number;
  cents: number;
  answersPosition: number | null;
  note: string;
}

export type ProposalRead = { ok: true; request: QuoteProposalRequest } | { ok: false; message: string; errors: FieldErrors };

type Lookup = { ok: true; product: ProductDetail } | { ok: false; message: string };

/**
 * A reference resolved to a catalogue product the way the quick order does it (by reference
 * only, even all digits): unknown, a shipping cost or a discontinued product is refused in
 * French next to its row. The back-office checks again that each product may be ordered.
 */
async function lookUp(user: SalesUser, ref: string): Promise<Lookup> {
  try {
    const product = await user.active.upstream.pim.getProductByRef(user.catalogueOrgId, ref);
    if (normalizeReference(product.obj_ref) !== ref) return { ok: false, message: `Référence inconnue : ${ref}.` };
    if (product.prd_is_port) return { ok: false, message: `${ref} est un frais de port : il ne peut pas être proposé.` };
    if (product.prd_discontinued) return { ok: false, message: `${ref} n'est plus commercialisé.` };
    return { ok: true, product };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return { ok: false, message: `Référence inconnue : ${ref}.` };
    throw error;
  }
}

async function lookUpAll(user: SalesUser, refs: readonly string[]): Promise<Map<string, Lookup>> {
  const results = new Map<string, Lookup>();
  let next = 0;
  const worker = async () => {
    while (next < refs.length) {
      const ref = refs[next++];
      if (ref !== undefined) results.set(ref, await lookUp(user, ref));
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, refs.length) }, worker));
  return results;
}

/** Reads one row; a row left wholly empty is not proposed (null). */
function readRow(fields: Record<string, string>, row: number, askedPositions: ReadonlySet<number>, errors: FieldErrors): RowRead | null {
  const value = (name: string) => (fields[name] ?? "").trim();
  const ref = normalizeReference(value(proposalField.ref(row)));
  const qtyText = value(proposalField.qty(row));
  const priceText = value(proposalField.price(row));
  const noteText = value(proposalField.note(row));
  if (ref === "" && qtyText === "" && priceText === "" && noteText === "") return null;
  // An asked line whose reference was emptied is not proposed, whatever its other fields say
  // (the form says so); a row the representative added needs its reference.
  const position = Number(value(proposalField.position(row)));
  const answersPosition = askedPositions.has(position) ? position : null;
  if (ref === "" && answersPosition !== null) return null;
  let ok = true;
  if (ref === "") {
    errors[proposalField.ref(row)] = "Indiquez la référence du produit, ou videz la ligne.";
    ok = false;
  } else if (ref.length > 60) {
    errors[proposalField.ref(row)] = `Référence inconnue : ${ref.slice(0, 60)}….`;
    ok = false;
  }
  const qty = readQty(qtyText);
  if (typeof qty === "string") {
    errors[proposalField.qty(row)] = qty;
    ok = false;
  }
  const price = priceText === "" ? ({ ok: false, message: "Indiquez le prix unitaire HT." } as const) : readPrice(priceText);
  if (!price.ok) {
    errors[proposalField.price(row)] = price.message;
    ok = false;
  }
  const checkedNote = note(0, 300).safeParse(noteText);
  if (!checkedNote.success) {
    errors[proposalField.note(row)] = checkedNote.error.issues[0]?.message ?? "Note invalide.";
    ok = false;
  }
  if (!ok || typeof qty === "string" || !price.ok) return null;
  return { row, ref, qty, cents: price.cents, answersPosition, note: checkedNote.success ? checkedNote.data : "" };
}

function readValidity(raw: string, today: string, errors: FieldErrors): string | null {
  const value = raw.trim();
  const latest = latestValidity(today);
  if (value === "") errors.validite = "Indiquez la date de validité de la proposition.";
  else if (!calendarDate.safeParse(value).success) errors.validite = "Date invalide (format attendu AAAA-MM-JJ).";
  else if (value < today) errors.validite = VALIDITY_PAST;
  else if (value > latest) errors.validite = `La validité ne peut pas dépasser un an (au plus tard le ${formatDate(latest)}).`;
  else return value;
  return null;
}

/**
 * The proposal form into the contract's request: each row's reference resolved to a product,
 * its price in euros into cents, the validity within today and a year (France). Every
 * mistake is reported next to its field at once; nothing is sent while one remains.
 */
export async function readProposalForm(
  user: SalesUser,
  quote: QuoteDetail,
  fields: Record<string, string>,
  today: string,
): Promise<ProposalRead> {
  const errors: FieldErrors = {};
  const count = Number(fields.lignes ?? "0");
  const rowCount = Number.isInteger(count) && count >= 0 ? Math.min(count, MAX_ROWS) : 0;
  const askedPositions = new Set(quote.asked_lines.map((line) => line.position));
  const rows: RowRead[] = [];
  for (let row = 0; row < rowCount; row++) {
    const read = readRow(fields, row, askedPositions, errors);
    if (read) rows.push(read);
  }
  const validUntil = readValidity(fields.validite ?? "", today, errors);
  const conditions = note(0, 2000).safeParse(fields.conditions ?? "");
  if (!conditions.success) errors.conditions = conditions.error.issues[0]?.message ?? "Conditions invalides.";
  const message = note(0, QUOTE_MESSAGE_MAX).safeParse(fields.message ?? "");
  if (!message.success) errors.message = message.error.issues[0]?.message ?? "Message invalide.";

  const lookups = await lookUpAll(user, [...new Set(rows.map((row) => row.ref))]);
  // One line per product in a proposal (the back-office refuses a second one): said on the later row.
  const seen = new Set<number>();
  for (const row of rows) {
    const found = lookups.get(row.ref);
    if (found && !found.ok) errors[proposalField.ref(row.row)] = found.message;
    else if (found?.ok && seen.has(found.product.obj_id))
      errors[proposalField.ref(row.row)] = `${row.ref} est déjà proposé sur une autre ligne : une ligne par produit.`;
    else if (found?.ok) seen.add(found.product.obj_id);
  }
  if (rows.length === 0 && Object.keys(errors).length === 0) errors.lignes = NO_PROPOSAL_LINE;
  const first = Object.values(errors)[0];
  if (first !== undefined || validUntil === null || !conditions.success || !message.success) {
    return { ok: false, message: first ?? "Vérifiez la proposition.", errors };
  }
  const request = quoteProposalRequest.safeParse({
    valid_until: validUntil,
    conditions: conditions.data,
    lines: rows.map((row) => {
      const found = lookups.get(row.ref);
      return {
        obj_id: found?.ok ? found.product.obj_id : 0,
        qty: row.qty,
        unit_price: row.cents,
        answers_position: row.answersPosition,
        ...(row.note ? { note: row.note } : {}),
      };
    }),
    ...(message.data ? { message: message.data } : {}),
  });
  if (!request.success) return { ok: false, message: request.error.issues[0]?.message ?? "Vérifiez la proposition.", errors: {} };
  return { ok: true, request: request.data };
}
