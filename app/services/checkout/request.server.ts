import { z } from "zod";
import type { ApprovalSummary } from "@shared/contracts/approvals";
import { note } from "@shared/contracts/primitives";
import { accountContextOf, computeTotals } from "@shared/domain/index";
import { authorOf, type CheckoutState } from "./checkout.server";
import { CART_CHANGED, confirmForm } from "./confirm.server";
import { redirectionFor } from "./steps.server";
import { orderProblems } from "./summary.server";
import { APPROVAL_MESSAGE_MAX, REQUEST_APPROVAL_INTENT } from "./types";
import type { PortalLoadContext } from "~/services/context.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import { parseForm } from "~/services/forms/parse.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * « Demander la validation » (docs/approvals.md « The flow », 3): the summary's other ending,
 * for a cart that needs approval as it stands. As the confirmation, the form brings only the
 * cart version, its idempotency key (the one this server derives for that version) and here a
 * message for the approver; the back-office stores the cart as the request, empties the shared
 * cart and refuses a cart that needs no approval. Never retried: the same key for the same
 * version is one request, however many times it is sent.
 */

const SUMMARY = "/commander/recapitulatif";

export const approvalRequestForm = confirmForm.extend({
  intent: z.literal(REQUEST_APPROVAL_INTENT),
  message: note(0, APPROVAL_MESSAGE_MAX).optional(),
});

export const APPROVAL_NOT_NEEDED =
  "Cette commande n'a plus besoin d'être validée : vous pouvez maintenant la confirmer depuis le récapitulatif.";
export const REQUEST_UNAVAILABLE =
  "La demande de validation n'a pas pu être envoyée : le service est momentanément indisponible. Votre panier est inchangé ; réessayez dans quelques instants.";

export type RequestOutcome =
  { ok: true; approval: ApprovalSummary; created: boolean } | { ok: false; status: number; message: string; path: string };

const refused = (status: number, message: string, path = SUMMARY): RequestOutcome => ({ ok: false, status, message, path });

function failureOf(error: unknown): RequestOutcome {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.status === 409) return refused(409, CART_CHANGED);
  if (error.status === 422 && error.code === "approval_not_needed") return refused(422, APPROVAL_NOT_NEEDED);
  if (error.status === 422)
    return refused(
      422,
      "La demande n'a pas pu être envoyée : le récapitulatif a changé entre-temps. Vérifiez-le puis envoyez-la à nouveau.",
    );
  if (error.status === 403 || error.status === 401)
    return refused(403, "Votre compte ne permet pas de demander la validation de cette commande.");
  return refused(503, REQUEST_UNAVAILABLE);
}

/** Sends the organization's cart for approval, exactly once per cart version. */
export async function requestApproval(
  context: PortalLoadContext,
  state: CheckoutState,
  fields: Record<string, string>,
): Promise<RequestOutcome> {
  const { active, saved, cart } = state;
  const orgId = active.session.user.auth_org_id;
  const form = parseForm(fields, approvalRequestForm);
  if (!form.ok && form.fieldErrors.message !== undefined && !form.fieldErrors.version && !form.fieldErrors.key) {
    return refused(400, `Message pour la personne qui valide : ${form.fieldErrors.message}`);
  }
  if (!form.ok || !context.checkout.isIdempotencyKey(orgId, form.data.version, form.data.key)) {
    return refused(400, "Ce formulaire de demande n'est plus valable : vérifiez le récapitulatif.");
  }
  const { version, key, message } = form.data;
  if (version === saved.version) {
    const elsewhere = redirectionFor("recapitulatif", cart, state.progress);
    if (elsewhere) return refused(400, elsewhere.reason, elsewhere.path);
    const [problem] = orderProblems(cart, state);
    if (problem) return refused(400, problem.message);
  }
  // As the confirmation: an account shown no amount sends none (decision 0131).
  const totals = saved.amountsHidden ? null : computeTotals(cart, accountContextOf(active.session.user));
  try {
    const body = {
      cart,
      version,
      idempotency_key: key,
      total_ht: totals?.ht ?? null,
      total_ttc: totals?.ttc ?? null,
      ...(message ? { message } : {}),
    };
    const { approval, created } = await active.upstream.approvals.request(orgId, body, authorOf(active));
    if (created) {
      // The shared cart is emptied: the organization's other browsers hear it, naming the request.
      context.realtime.publishCartUpdate(
        orgId,
        {
          kind: "approval_requested",
          products: [],
          author: authorOf(active).usrName,
          orgId,
          version: saved.version + 1,
          reference: approval.number,
        },
        { sessionKey: active.session.sid },
      );
    }
    return { ok: true, approval, created };
  } catch (error) {
    return failureOf(error);
  }
}

/**
 * The summary's POST with the request's intent: to the request's page with a toast, the
 * checkout's progress reset as after an order; a refusal back to the summary (or the step to
 * complete) with its reason. Every answer is a 303.
 */
export async function requestApprovalFromSummary(context: PortalLoadContext, state: CheckoutState, fields: Record<string, string>) {
  const outcome = await requestApproval(context, state, fields);
  if (!outcome.ok) return redirectWithToast(context, outcome.path, { type: "error", message: outcome.message });
  const progress = await context.checkout.saveProgress(state.active.session, { ...state.progress, instructionsSaved: false });
  const { number, id } = outcome.approval;
  const message = outcome.created
    ? `Votre demande ${number} a été envoyée pour validation.`
    : `La demande ${number} était déjà envoyée : elle ne l'a pas été une seconde fois.`;
  return redirectWithToast(context, `/mon-compte/validations/${id}`, { type: "success", message }, { setCookie: progress });
}
