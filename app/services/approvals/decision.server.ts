import { z } from "zod";
import { note } from "@shared/contracts/primitives";
import type { CartUpdateKind } from "@shared/realtime/protocol";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, redirectWithToast, respond } from "~/services/forms/index.server";
import { readForm } from "~/services/forms/read.server";
import { refused } from "~/services/forms/respond.server";
import type { GuardArgs } from "~/services/guards.server";
import { putLinesBackIntoCart } from "~/services/orders/index.server";
import { authorNameOf } from "~/services/realtime/publish.server";
import { asRouteError } from "~/services/route-errors.server";
import type { PortalSession } from "~/services/session.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { ApprovalIntent } from "./request-types";
import { deciderOf, requestIdOf, type ApprovalsUser } from "./request-user.server";

/**
 * The request page's forms (docs/approvals.md « The decision »), one intent each, plain POSTs
 * answered with a 303 and a toast (they work without JavaScript): approve (the order is placed
 * by the back-office, at today's prices, once), refuse with a reason, withdraw (the requester),
 * put the lines back into the shared cart (the requester, once refused or withdrawn). Only what
 * the back-office's `actions` offers is drawn; the back-office decides again on every call.
 */

export const APPROVALS_PATH = "/mon-compte/validations";
export const requestPath = (id: number) => `${APPROVALS_PATH}/${id}`;

export const REASON_REQUIRED = "Indiquez le motif du refus : le demandeur le lira.";
export const AMOUNTS_CHANGED = "Les montants ont changé depuis l'affichage : vérifiez puis approuvez à nouveau.";
export const DECISION_UNAVAILABLE =
  "Le service est momentanément indisponible : la demande est inchangée. Réessayez dans quelques instants.";
const BAD_FORM = "Ce formulaire n'est plus valable : rechargez la page.";

/** What a refusal of the back-office (403) says, by action, when it gives no words of its own. */
const FORBIDDEN: Record<ApprovalIntent, string> = {
  approve: "Vous ne pouvez pas approuver cette demande.",
  refuse: "Vous ne pouvez pas refuser cette demande.",
  withdraw: "Seul le demandeur peut retirer sa demande.",
  restore: "Seul le demandeur peut remettre cette demande dans le panier.",
};

const NOT_RESTORABLE = "Cette demande ne peut pas être remise dans le panier : seule une demande refusée ou retirée peut l'être.";

export const approvalIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    /** The HT total shown (the wire's, in cents), empty when none was shown (no `prices`). */
    total_ht: z
      .string({ error: BAD_FORM })
      .regex(/^(?:0|[1-9]\d{0,10})?$/, BAD_FORM)
      .transform((value) => (value === "" ? null : Number(value))),
  }),
  z.object({
    intent: z.literal("refuse"),
    motif: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).pipe(note(3, 1000)),
  }),
  z.object({ intent: z.literal("withdraw") }),
  z.object({ intent: z.literal("restore") }),
]);

/** The organization's pages learn the decision live (the approvals pages, the requester's). Never throws. */
function publishDecision(
  context: Pick<PortalLoadContext, "realtime" | "logger">,
  session: PortalSession,
  kind: Extract<CartUpdateKind, "approval_approved" | "approval_refused">,
  reference: string,
): void {
  const orgId = session.user.auth_org_id;
  try {
    context.realtime.publishCartUpdate(
      orgId,
      { kind, products: [], author: authorNameOf(session), orgId, version: 0, reference },
      { sessionKey: session.sid },
    );
  } catch (error) {
    context.logger.error({ error: String(error), kind }, "approval publish failed");
  }
}

/**
 * A refusal of the back-office as the user reads it: another organization's request, or a
 * decision by someone who is not an approver (404), is the 404 page; an action the caller may
 * not take (403: their own request, a representative acting for the client), a toast on the
 * list in the back-office's words; a request decided meanwhile (409), changed amounts or a
 * request that can no longer be ordered as it stands (422), back to the page with why.
 */
async function failure(context: PortalLoadContext, error: unknown, intent: ApprovalIntent, id: number): Promise<Response> {
  if (!(error instanceof UpstreamError) || error.status === 404) return asRouteError(error);
  if (error.status === 403) {
    return redirectWithToast(context, APPROVALS_PATH, { type: "error", message: (error.message || FORBIDDEN[intent]).slice(0, 300) });
  }
  if (error.isUnavailable) return redirectWithToast(context, requestPath(id), { type: "error", message: DECISION_UNAVAILABLE });
  const amountsChanged = intent === "approve" && error.status === 422 && error.code === "totals_mismatch";
  const message = amountsChanged ? AMOUNTS_CHANGED : error.message;
  return redirectWithToast(context, requestPath(id), { type: "error", message: message.slice(0, 300) });
}

export async function approvalAction(args: GuardArgs, user: ApprovalsUser, rawId: string | undefined) {
  const id = requestIdOf(rawId);
  const { context } = args;
  const parsed = parseForm(await readForm(args.request), approvalIntent);
  if (!parsed.ok) {
    return respond(context, refused(400, parsed.formError, parsed.fieldErrors), {
      fields: parsed.fields,
      redirectTo: requestPath(id),
      refused: "page",
    });
  }
  const input = parsed.data;
  const { approvals } = user.upstream;
  const { session } = user;
  try {
    switch (input.intent) {
      case "approve": {
        const { approval, order, created } = await approvals.approve(user.orgId, id, { total_ht: input.total_ht }, deciderOf(session));
        if (created) publishDecision(context, session, "approval_approved", approval.number);
        const message = created
          ? `Commande ${order.ord_ref} passée pour ${approval.requester_name}.`
          : `La demande ${approval.number} était déjà approuvée : la commande ${order.ord_ref} n'a pas été passée une seconde fois.`;
        return await redirectWithToast(context, `/mon-compte/commandes/${order.ord_id}`, {
          type: created ? "success" : "info",
          message: message.slice(0, 300),
        });
      }
      case "refuse": {
        const approval = await approvals.refuse(user.orgId, id, input.motif, deciderOf(session));
        publishDecision(context, session, "approval_refused", approval.number);
        return await redirectWithToast(context, requestPath(id), { type: "success", message: `Demande ${approval.number} refusée.` });
      }
      case "withdraw": {
        const approval = await approvals.withdraw(user.orgId, id);
        return await redirectWithToast(context, requestPath(id), { type: "success", message: `Demande ${approval.number} retirée.` });
      }
      case "restore":
        return await restore(args, user, id);
    }
  } catch (error) {
    return failure(context, error, input.intent, id);
  }
}

/** « Remettre dans le panier »: the request's lines join the shared cart as an order's do (« Commander à nouveau »). */
async function restore(args: GuardArgs, user: ApprovalsUser, id: number): Promise<Response> {
  const detail = await user.upstream.approvals.get(user.orgId, id);
  if (!detail.actions.restore) return redirectWithToast(args.context, requestPath(id), { type: "error", message: NOT_RESTORABLE });
  const lines = detail.lines
    .filter((line) => line.qty > 0)
    .map((line) => ({
      obj_id: line.product_id,
      obj_ref: line.ref,
      obj_title: line.title,
      ordered: line.qty,
      unit_price: line.unit_price_then,
    }));
  return putLinesBackIntoCart(
    args,
    user,
    {
      label: `Demande ${detail.number}`,
      backTo: requestPath(id),
      nothingChosen: "La demande ne contient aucun produit.",
      seeAlso: `voir la demande ${detail.number}`,
    },
    lines,
  );
}
