import { z } from "zod";
import { QUOTE_MESSAGE_MAX } from "@shared/contracts/quotes";
import { parisDate } from "@shared/domain/index";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, respond } from "~/services/forms/index.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import { attachmentOf, readQuoteForm } from "~/services/quotes/upload.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { requireId } from "~/services/quotes/ids.server";
import { SALES_QUOTE_PATHS } from "./paths";
import { readProposalForm } from "./proposal.server";
import type { SalesQuotePageView } from "./types";
import type { SalesUser } from "./user.server";
import { salesQuotePage } from "./views.server";
import { note } from "@shared/contracts/primitives";

/** /clients/devis/{id}: a quote of a linked client; any other is a 404 (the back-office's answer). */
export async function loadSalesQuotePage(
  user: SalesUser,
  context: PortalLoadContext,
  rawId: string | undefined,
): Promise<SalesQuotePageView> {
  const id = requireId(rawId);
  const quote = await user.active.upstream.salesQuotes.detail(id).catch(asRouteError);
  return salesQuotePage(quote, parisDate(context.now()));
}

const body = note(1, QUOTE_MESSAGE_MAX);

/** The page's forms, one intent each; the proposal's rows are read apart (their count varies). */
export const salesQuoteIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start_study") }),
  z.object({ intent: z.literal("ask_information"), message: body }),
  z.object({ intent: z.literal("message"), message: body }),
  z.object({ intent: z.literal("cancel"), motif: note(0, QUOTE_MESSAGE_MAX).optional() }),
  z.object({ intent: z.literal("propose") }),
]);

/** A refusal of the back-office in its words; a quote outside the portfolio is the 404 page. */
function upstreamRefusal(error: unknown): Outcome {
  if (!(error instanceof UpstreamError) || error.status === 404 || error.status === 403) return asRouteError(error);
  return refused(error.isUnavailable ? 503 : error.status, error.message);
}

async function run(
  user: SalesUser,
  context: PortalLoadContext,
  id: number,
  form: FormData,
): Promise<{ outcome: Outcome; fields: Record<string, string> }> {
  const parsed = parseForm(form, salesQuoteIntent);
  if (!parsed.ok) return { outcome: refused(400, parsed.formError, parsed.fieldErrors), fields: parsed.fields };
  const { data: input, fields } = parsed;
  const quotes = user.active.upstream.salesQuotes;
  try {
    switch (input.intent) {
      case "start_study": {
        const quote = await quotes.startStudy(id);
        return { outcome: saved(`Étude du devis ${quote.number} commencée.`), fields };
      }
      case "ask_information":
      case "message": {
        const attachment = await attachmentOf(form);
        if (!attachment.ok)
          return {
            outcome: refused(attachment.message.includes("5 Mo") ? 413 : 415, attachment.message, { piece_jointe: attachment.message }),
            fields,
          };
        const sent = { body: input.message, ...(attachment.upload ? { attachment: attachment.upload } : {}) };
        if (input.intent === "ask_information") {
          await quotes.askInformation(id, sent);
          return { outcome: saved("Votre demande d'informations est envoyée au client."), fields };
        }
        await quotes.message(id, sent);
        return { outcome: saved("Message envoyé au client."), fields };
      }
      case "cancel": {
        const quote = await quotes.cancel(id, input.motif || undefined);
        return { outcome: saved(`Demande ${quote.number} annulée.`), fields };
      }
      case "propose": {
        // The rows need the quote's asked lines (which positions a row may answer).
        const quote = await quotes.detail(id);
        const read = await readProposalForm(user, quote, fields, parisDate(context.now()));
        if (!read.ok) return { outcome: refused(400, read.message, read.errors), fields };
        const revising = quote.proposals.length > 0;
        const proposed = await quotes.propose(id, read.request);
        const version = proposed.proposals.at(-1)?.version ?? 1;
        return {
          outcome: saved(
            revising
              ? `Proposition révisée : version ${version} envoyée au client.`
              : `Proposition envoyée au client (devis ${proposed.number}).`,
          ),
          fields,
        };
      }
    }
  } catch (error) {
    return { outcome: upstreamRefusal(error), fields };
  }
}

/**
 * The representative's forms (plain forms, multipart for the files): start the study, ask
 * for information, propose or revise, write, cancel. A success goes back to the page with a
 * toast; a refusal draws the page again with the messages next to the fields and what was typed.
 */
export async function salesQuoteAction(user: SalesUser, context: PortalLoadContext, request: Request, rawId: string | undefined) {
  const id = requireId(rawId);
  const read = await readQuoteForm(request);
  if (!read.ok) return respond(context, refused(413, read.message), { redirectTo: SALES_QUOTE_PATHS.quote(id) });
  const { outcome, fields } = await run(user, context, id, read.form);
  return respond(context, outcome, { fields, redirectTo: SALES_QUOTE_PATHS.quote(id), refused: "page" });
}
