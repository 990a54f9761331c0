import { isDomainError } from "@shared/domain/index";
import { CartRefused } from "./cart.server";
import type { PortalLoadContext } from "~/services/context.server";
import { refused, type Refusal } from "~/services/forms/respond.server";
import type { ActiveUser } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";

/** Shown when the back-office could not save: the cart on screen is the last one saved. */
export const CART_SAVE_FAILED =
  "Le panier n'a pas pu être enregistré : le service est momentanément indisponible. Votre panier est tel qu'au dernier enregistrement, réessayez dans quelques instants.";

/**
 * Turns what went wrong with a cart change into a French message and a status. A refusal
 * (rule, permission, unknown product) is the user's to fix; a back-office failure is ours:
 * it is logged (the load context's logger carries the request id) with the organization and the user (the spec only logged
 * 'erreur'). Anything else is a bug and goes on to the error page.
 */
export function cartFailureOf(error: unknown, context: PortalLoadContext, active: ActiveUser, operation: string): Refusal {
  if (error instanceof CartRefused) return refused(error.status, error.message);
  if (isDomainError(error)) return refused(400, error.message);
  if (!(error instanceof UpstreamError)) throw error;
  if (!error.isUnavailable) {
    const status = error.status === 404 ? 400 : error.status;
    return refused(status, error.status === 404 ? "Ce produit est introuvable." : error.message);
  }
  context.logger.error(
    {
      operation,
      orgId: active.session.user.auth_org_id,
      userId: (active.session.master ?? active.session.user).obj_id,
      upstreamStatus: error.status,
      upstreamCode: error.code,
    },
    "cart save failed",
  );
  return refused(503, CART_SAVE_FAILED);
}
