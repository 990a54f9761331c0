import { z } from "zod";
import { QUOTE_MESSAGE_MAX, type QuoteDetail } from "@shared/contracts/quotes";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast, respond } from "~/services/forms/index.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import type { OrdersUser } from "~/services/orders/index.server";
import { publishCartChange } from "~/services/realtime/publish.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { idOf, notFound, requireId } from "./ids.server";
import { QUOTE_PATHS } from "./paths";
import type { QuotePageView } from "./types";
import { attachmentOf, readQuoteForm } from "./upload.server";
import { quotePage } from "./views.server";
import { note } from "@shared/contracts/primitives";

/** /mon-compte/mes-devis/{id}: another organization's quote is a 404 (the back-office's answer too). */
export async function loadQuotePage(user: OrdersUser, rawId: string | undefined): Promise<QuotePageView> {
  const id = requireId(rawId);
  const quote = await user.upstream.quotes.detail(id).catch(asRouteError);
  if (quote.org_id !== user.orgId) notFound();
  return quotePage(quote, { showPrices: user.permissions.canViewPrices, canUpdateCart: user.permissions.canUpdateCart });
}

const reason = note(0, QUOTE_MESSAGE_MAX).optional();
const body = note(1, QUOTE_MESSAGE_MAX);

/** The page's forms, one intent each; `position` (the ticked lines) is read apart: it repeats. */
export const quoteIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("accept"),
    version: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, "Version de la proposition invalide.")
      .transform(Number),
  }),
  z.object({ intent: z.literal("refuse"), motif: reason }),
  z.object({ intent: z.literal("cancel"), motif: reason }),
  z.object({ intent: z.literal("answer"), message: body }),
  z.object({ intent: z.literal("message"), message: body }),
]);

const NO_POSITION = "Choisissez au moins une ligne à accepter.";

function positionsOf(form: FormData): number[] | null {
  const raw = form.getAll("position").filter((value): value is string => typeof value === "string");
  const positions = raw.map(idOf);
  if (positions.some((value) => value === null)) return null;
  return [...new Set(positions as number[])].slice(0, 200);
}

/** What accepting did, for colleagues' carts (the live channel, as the cart's own saves do). */
function announceAccepted(context: PortalLoadContext, user: OrdersUser, quote: QuoteDetail, positions: number[], version: number): void {
  const proposal = quote.proposals.at(-1);
  const products = (proposal?.lines ?? [])
    .filter((line) => positions.includes(line.position))
    .map((line) => ({ ref: line.obj_ref, title: line.title, qty: line.qty }));
  publishCartChange(context, user.session, { kind: "added", products }, version);
}

/** A refusal of the back-office, in its words; a quote that is not the organization's is a 404 page. */
function upstreamRefusal(error: unknown): Outcome {
  if (!(error instanceof UpstreamError) || error.status === 404) return asRouteError(error);
  return refused(error.isUnavailable ? 503 : error.status, error.message);
}

async function run(
  user: OrdersUser,
  context: PortalLoadContext,
  id: number,
  form: FormData,
): Promise<{ outcome: Outcome; fields: Record<string, string>; toCart: boolean }> {
  const parsed = parseForm(form, quoteIntent);
  if (!parsed.ok) return { outcome: refused(400, parsed.formError, parsed.fieldErrors), fields: parsed.fields, toCart: false };
  const { data: input, fields } = parsed;
  const { quotes } = user.upstream;
  try {
    switch (input.intent) {
      case "accept": {
        const positions = positionsOf(form);
        if (positions === null || positions.length === 0)
          return { outcome: refused(400, NO_POSITION, { position: NO_POSITION }), fields, toCart: false };
        const answer = await quotes.accept(id, { version: input.version, positions });
        announceAccepted(context, user, answer.quote, positions, answer.version);
        const count = positions.length;
        return {
          outcome: saved(
            `Devis ${answer.quote.number} accepté : ${count} ligne${count > 1 ? "s" : ""} ajoutée${count > 1 ? "s" : ""} au panier au prix du devis.`,
          ),
          fields,
          toCart: true,
        };
      }
      case "refuse": {
        const quote = await quotes.refuse(id, input.motif || undefined);
        return { outcome: saved(`Devis ${quote.number} refusé.`), fields, toCart: false };
      }
      case "cancel": {
        const quote = await quotes.cancel(id, input.motif || undefined);
        return { outcome: saved(`Demande ${quote.number} annulée.`), fields, toCart: false };
      }
      case "answer":
      case "message": {
        const attachment = await attachmentOf(form);
        if (!attachment.ok)
          return {
            outcome: refused(attachment.message.includes("5 Mo") ? 413 : 415, attachment.message, { piece_jointe: attachment.message }),
            fields,
            toCart: false,
          };
        const sent = { body: input.message, ...(attachment.upload ? { attachment: attachment.upload } : {}) };
        if (input.intent === "answer") {
          await quotes.answer(id, sent);
          return { outcome: saved("Vos informations sont transmises à votre commercial."), fields, toCart: false };
        }
        await quotes.message(id, sent);
        return { outcome: saved("Message envoyé."), fields, toCart: false };
      }
    }
  } catch (error) {
    return { outcome: upstreamRefusal(error), fields, toCart: false };
  }
}

/**
 * The quote page's forms (plain forms, multipart for the file): accept the ticked lines of the
 * proposal in force, refuse, cancel, answer the information asked, send a message. A success
 * goes on with a toast (to the cart after accepting); a refusal draws the page again with the
 * message next to its form and what was typed.
 */
export async function quoteAction(user: OrdersUser, context: PortalLoadContext, request: Request, rawId: string | undefined) {
  const id = requireId(rawId);
  const read = await readQuoteForm(request);
  if (!read.ok) return redirectWithToast(context, QUOTE_PATHS.quote(id), { type: "error", message: read.message });
  const { outcome, fields, toCart } = await run(user, context, id, read.form);
  if (outcome.ok && toCart) return redirectWithToast(context, "/mon-panier", { type: "success", message: outcome.message });
  return respond(context, outcome, { fields, redirectTo: QUOTE_PATHS.quote(id), refused: "page" });
}
