import { data } from "@remix-run/node";
import { z } from "zod";
import { parisDate } from "@shared/domain/index";
import { QUOTE_MESSAGE_MAX, quoteCreateRequest, type QuoteCreateRequest } from "@shared/contracts/quotes";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { textFields } from "~/services/forms/parse.server";
import type { OrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { idOf } from "./ids.server";
import type { QuoteDraftLine, QuoteDraftSource, QuoteNewField, QuoteNewRefusal, QuoteNewView } from "./types";
import { ATTACHMENT_TOO_LARGE, attachmentOf, readQuoteForm } from "./upload.server";
import { QUOTE_PATHS } from "./paths";
import { calendarDate, note } from "@shared/contracts/primitives";

/** The contract's bounds (quoteCreateRequest): rows beyond are never read. */
const MAX_LINES = 200;
const MAX_QTY = 99_999;
/** Rows of the form read at most: the lines plus the empty free-text rows. */
const MAX_ROWS = MAX_LINES + 10;

export const NO_LINE = "Ajoutez au moins une ligne à la demande.";
const BAD_QTY = "La quantité doit être un nombre entier entre 1 et 99 999.";
const NO_TEXT = "Décrivez le produit recherché (au moins 3 caractères).";
const NO_QTY_FOR_TEXT = "Indiquez la quantité de ce produit.";

/** The request's own fields; the lines are read row by row (their number varies). */
function requestFields(today: string) {
  return z.object({
    reference: z
      .string()
      .trim()
      .min(1, "Indiquez votre référence.")
      .max(60, "La référence compte au plus 60 caractères.")
      .regex(/^\P{Cc}*$/u, "La référence ne doit pas contenir de caractères de contrôle."),
    // Optional fields a hand-made form may leave out: absent is empty.
    message: note(0, QUOTE_MESSAGE_MAX).default(""),
    date_souhaitee: z
      .union([z.literal(""), calendarDate.refine((value) => value >= today, "La date souhaitée ne peut pas être passée.")])
      .default(""),
  });
}

/** The form's row names: ligne-3-produit, ligne-3-quantite… */
export function rowField(index: number, name: "produit" | "ref" | "titre" | "texte" | "quantite"): string {
  return `ligne-${index}-${name}`;
}

// ---- the form's first drawing --------------------------------------------------------------

function quantityOf(raw: string | null): number {
  const qty = raw && /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : 1;
  return qty >= 1 && qty <= MAX_QTY ? qty : 1;
}

async function cartLines(user: OrdersUser): Promise<QuoteDraftLine[]> {
  const saved = await user.upstream.oms.getCart(user.orgId).catch(asRouteError);
  return saved.cart.products
    .filter((line) => !line.prd_is_port)
    .slice(0, MAX_LINES)
    .map((line) => ({ productId: line.obj_id, ref: line.obj_ref, title: line.obj_title, text: "", qty: String(line.qty) }));
}

async function productLine(user: OrdersUser, rawId: string | null, rawQty: string | null): Promise<QuoteDraftLine | null> {
  const id = idOf(rawId);
  if (id === null) return null;
  try {
    const product = await user.upstream.pim.getProduct(user.orgId, id);
    if (product.prd_is_port || product.prd_discontinued) return null;
    return { productId: product.obj_id, ref: product.obj_ref, title: product.obj_title, text: "", qty: String(quantityOf(rawQty)) };
  } catch (error) {
    if (error instanceof UpstreamError && !error.isUnavailable) return null;
    return asRouteError(error);
  }
}

/**
 * /mon-compte/mes-devis/nouveau: the form, pre-filled from the cart (?depuis=panier: its
 * product lines, the cart itself untouched) or from a product (?produit=<id>&quantite=<n>).
 */
export async function loadQuoteDraft(user: OrdersUser, context: PortalLoadContext, url: URL): Promise<QuoteNewView> {
  const today = parisDate(context.now());
  const params = url.searchParams;
  if (params.get("depuis") === "panier") {
    const lines = await cartLines(user);
    return {
      lines,
      source: "panier",
      today,
      notice: lines.length === 0 ? "Votre panier est vide : décrivez les produits de votre demande ci-dessous." : null,
    };
  }
  if (params.has("produit")) {
    const line = await productLine(user, params.get("produit"), params.get("quantite"));
    if (line) return { lines: [line], source: "produit", today, notice: null };
    return { lines: [], source: null, today, notice: "Ce produit n'est pas disponible au catalogue : décrivez-le ci-dessous." };
  }
  return { lines: [], source: null as QuoteDraftSource, today, notice: null };
}

// ---- the form sent -------------------------------------------------------------------------

interface ReadLines {
  lines: QuoteDraftLine[];
  asked: QuoteCreateRequest["lines"];
  errors: Partial<Record<QuoteNewField, string>>;
}

/**
 * The rows as typed. A catalogue row whose quantity was emptied is left out (the way to drop a
 * line without JavaScript); an empty free-text row is an unused one. Each row refused gets its
 * own message, keyed by its place among the rows kept (as the form is drawn again).
 */
function readLines(fields: Record<string, string>): ReadLines {
  const lines: QuoteDraftLine[] = [];
  const asked: QuoteCreateRequest["lines"] = [];
  const errors: Partial<Record<QuoteNewField, string>> = {};
  for (let index = 0; index < MAX_ROWS; index += 1) {
    const value = (name: Parameters<typeof rowField>[1]) => (fields[rowField(index, name)] ?? "").trim();
    const productId = idOf(value("produit"));
    const text = value("texte").slice(0, 400);
    const qty = value("quantite").slice(0, 20);
    if (productId === null && text === "" && qty === "") continue;
    if (productId !== null && (qty === "" || qty === "0")) continue;
    const line: QuoteDraftLine = {
      productId,
      ref: productId === null ? "" : value("ref").slice(0, 60),
      title: productId === null ? "" : value("titre").slice(0, 300),
      text: productId === null ? text : "",
      qty,
    };
    const at: QuoteNewField = `ligne-${lines.length}`;
    lines.push(line);
    const count = /^\d{1,5}$/.test(qty) ? Number(qty) : NaN;
    if (productId === null && text.length < 3) errors[at] = NO_TEXT;
    else if (productId === null && text.length > 300) errors[at] = "Une ligne compte au plus 300 caractères.";
    else if (productId === null && !/^\P{Cc}*$/u.test(text)) errors[at] = "Le texte ne doit pas contenir de caractères de contrôle.";
    else if (qty === "") errors[at] = NO_QTY_FOR_TEXT;
    else if (!(count >= 1 && count <= MAX_QTY)) errors[at] = BAD_QTY;
    else asked.push(productId === null ? { text, qty: count } : { obj_id: productId, qty: count });
  }
  if (lines.length === 0) errors.lignes = NO_LINE;
  else if (lines.length > MAX_LINES) errors.lignes = `Au plus ${MAX_LINES} lignes par demande.`;
  return { lines, asked, errors };
}

function refusal(status: number, refused: Omit<QuoteNewRefusal, "ok">) {
  return data<QuoteNewRefusal>({ ok: false, ...refused }, { status });
}

const EMPTY_VALUES = { reference: "", message: "", date_souhaitee: "" };

/**
 * POST /mon-compte/mes-devis/nouveau (multipart: the file goes with it). Everything is checked
 * before the one call that creates the quote: on any refusal nothing is created, and the form
 * comes back with each message next to its field and everything typed (the file excepted, which
 * no browser lets a page fill in again).
 */
export async function createQuoteFromForm(user: OrdersUser, context: PortalLoadContext, request: Request) {
  const read = await readQuoteForm(request);
  if (!read.ok) return refusal(413, { message: read.message, errors: { piece_jointe: read.message }, values: EMPTY_VALUES, lines: [] });
  const fields = textFields(read.form);
  const parsed = parseForm(fields, requestFields(parisDate(context.now())));
  const values = { reference: fields.reference ?? "", message: fields.message ?? "", date_souhaitee: fields.date_souhaitee ?? "" };
  const { lines, asked, errors } = readLines(fields);
  if (!parsed.ok) Object.assign(errors, parsed.fieldErrors);
  const attachment = await attachmentOf(read.form);
  if (!attachment.ok) errors.piece_jointe = attachment.message;
  const firstError = Object.values(errors)[0];
  if (!parsed.ok || !attachment.ok || firstError !== undefined) {
    return refusal(errors.piece_jointe === ATTACHMENT_TOO_LARGE ? 413 : 400, {
      message: firstError ?? "Vérifiez le formulaire.",
      errors,
      values,
      lines,
    });
  }

  const body: QuoteCreateRequest = {
    org_id: user.orgId,
    customer_ref: parsed.data.reference,
    message: parsed.data.message,
    ...(parsed.data.date_souhaitee ? { wished_date: parsed.data.date_souhaitee } : {}),
    lines: asked,
    ...(attachment.upload ? { attachment: attachment.upload } : {}),
  };
  // The contract's own check, as the back-office will make it: a rule added there is met here.
  const checked = quoteCreateRequest.safeParse(body);
  if (!checked.success)
    return refusal(400, { message: checked.error.issues[0]?.message ?? "Vérifiez le formulaire.", errors: {}, values, lines });

  try {
    const quote = await user.upstream.quotes.create(checked.data);
    return redirectWithToast(context, QUOTE_PATHS.quote(quote.quo_id), {
      type: "success",
      message: `Votre demande de devis ${quote.number} est envoyée.`,
    });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status === 404 || error.status === 403) return asRouteError(error);
    // Refused upstream (an unknown product…) or unavailable: the form stays as it was typed.
    return refusal(error.isUnavailable ? 503 : error.status, { message: error.message, errors: {}, values, lines });
  }
}
