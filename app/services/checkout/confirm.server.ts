import { z } from "zod";
import type { Order } from "@shared/contracts/api";
import { accountContextOf, computeTotals, isTaxExempt, permissionsOf } from "@shared/domain/index";
import { orderConfirmationEmail } from "./email.server";
import { authorOf, type CheckoutState } from "./checkout.server";
import { redirectionFor } from "./steps.server";
import { SUMMARY_NEEDING_APPROVAL, orderProblems } from "./summary.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { ParsedForm } from "~/services/forms/parse.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * Confirms the organization's cart, exactly once. The form brings only the cart version and
 * its idempotency key; the key must be the one this server derives for that version, the
 * totals are recomputed here (never read from the form), and the back-office call is never
 * retried. The same key for the same version means that a double click, a reloaded POST or
 * two colleagues confirming together reach the back-office's unique key: one order.
 */

export const confirmForm = z.object({
  version: z.coerce.number({ error: "Formulaire de confirmation invalide." }).int().nonnegative().max(2_147_483_647),
  key: z.string({ error: "Formulaire de confirmation invalide." }).min(8).max(100),
});

export type ConfirmOutcome = { ok: true; order: Order; created: boolean } | { ok: false; status: number; message: string; path: string };

const SUMMARY = "/commander/recapitulatif";
export const CART_CHANGED = "Le panier a changé depuis l'affichage du récapitulatif : vérifiez-le avant de confirmer.";
export const CONFIRM_UNAVAILABLE =
  "La commande n'a pas pu être confirmée : le service est momentanément indisponible. Votre panier est inchangé ; réessayez dans quelques instants.";

const refused = (status: number, message: string, path = SUMMARY): ConfirmOutcome => ({ ok: false, status, message, path });

/** The back-office's refusal of an order that needs approval (docs/approvals.md « The flow », 5). */
export const APPROVAL_REQUIRED_CODE = "approval_required";

/**
 * « Cette commande doit être validée : » and the back-office's reasons, once. Its reasons name
 * amounts (a limit, a budget): a person shown no amount gets the sentence alone (decision 0131).
 */
export function approvalRequiredMessage(reason: string, showAmounts: boolean): string {
  const prefix = "Cette commande doit être validée";
  if (!showAmounts) return `${prefix} avant d'être passée : demandez sa validation.`;
  if (reason.startsWith(prefix)) return reason;
  const lowered = reason.length > 1 && reason[1] !== reason[1]?.toUpperCase() ? reason.charAt(0).toLowerCase() + reason.slice(1) : reason;
  return `${prefix} : ${lowered}`;
}

function failureOf(error: unknown, showAmounts: boolean): ConfirmOutcome {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.status === 409) return refused(409, CART_CHANGED);
  // The rules changed since the summary was shown, or a cart whose amounts this person is not
  // shown: back to the summary, which then offers « Demander la validation ».
  if (error.status === 403 && error.code === APPROVAL_REQUIRED_CODE)
    return refused(403, approvalRequiredMessage(error.message, showAmounts), SUMMARY_NEEDING_APPROVAL);
  if (error.status === 422)
    return refused(
      422,
      "La commande n'a pas pu être confirmée : le récapitulatif a changé entre-temps. Vérifiez-le puis confirmez à nouveau.",
    );
  if (error.status === 403 || error.status === 401) return refused(403, "Votre compte ne permet pas de passer commande.");
  return refused(503, CONFIRM_UNAVAILABLE);
}

export async function confirmCheckout(
  context: PortalLoadContext,
  state: CheckoutState,
  form: ParsedForm<typeof confirmForm>,
): Promise<ConfirmOutcome> {
  const { active, saved, cart } = state;
  const { user, master } = active.session;
  const orgId = user.auth_org_id;
  if (!permissionsOf(user, master).canOrder) return refused(403, "Votre compte ne permet pas de passer commande.");
  if (!form.ok || !context.checkout.isIdempotencyKey(orgId, form.data.version, form.data.key)) {
    return refused(400, "Ce formulaire de confirmation n'est plus valable : vérifiez le récapitulatif.");
  }
  const { version, key } = form.data;
  const account = accountContextOf(user);
  if (version === saved.version) {
    const elsewhere = redirectionFor("recapitulatif", cart, state.progress);
    if (elsewhere) return refused(400, elsewhere.reason, elsewhere.path);
    const [problem] = orderProblems(cart, state);
    if (problem) return refused(400, problem.message);
  }
  // An older version is either a replay of a confirmed order (the back-office answers it
  // from the key) or a stale page (the back-office refuses the version: 409).
  // An account shown no amount sends none to check (decision 0131); the others, what they were shown.
  const totals = state.saved.amountsHidden ? null : computeTotals(cart, account);
  try {
    const body = {
      cart,
      version,
      idempotency_key: key,
      ord_total_ht: totals?.ht ?? null,
      ord_total_ecotaxe: totals?.ecotaxe ?? null,
      ord_total_ttc: totals?.ttc ?? null,
    };
    const { order, created } = await active.upstream.oms.confirmOrder(orgId, body, authorOf(active));
    if (created) await announce(context, state, order);
    return { ok: true, order, created };
  } catch (error) {
    return failureOf(error, permissionsOf(user, master).canViewPrices && state.saved.amountsHidden !== true);
  }
}

/**
 * Tells the organization's other browsers and sends the confirmation email, once per order
 * (only for the request that created it). Neither may undo a confirmed order: a failure is
 * logged, not shown as a failed confirmation.
 */
async function announce(context: PortalLoadContext, state: CheckoutState, order: Order): Promise<void> {
  const { active, saved } = state;
  const orgId = active.session.user.auth_org_id;
  context.realtime.publishCartUpdate(
    orgId,
    { kind: "order_confirmed", products: [], author: authorOf(active).usrName, orgId, version: saved.version + 1 },
    { sessionKey: active.session.sid },
  );
  try {
    const recipients = await active.upstream.crm.getOrderRecipients(orgId);
    if (recipients.length === 0) return;
    const { user, master } = active.session;
    // No amounts in the email of an account without `prices` (docs/decisions/0107-no-amounts-without-prices.md).
    const options = { taxExempt: isTaxExempt(user.obj_properties.N_CatCompta), showPrices: permissionsOf(user, master).canViewPrices };
    await context.checkout.mailer.send(orderConfirmationEmail(order, recipients, options));
  } catch (error) {
    context.logger.error({ orgId, order: order.ord_ref, err: error }, "order email failed");
  }
}
