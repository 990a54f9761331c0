import { asRouteError } from "~/services/route-errors.server";
import type { ApprovalPageView } from "./request-types";
import { requestIdOf, type ApprovalsUser } from "./request-user.server";
import { approvalPage } from "./request-views.server";

/**
 * /mon-compte/validations/{id}: one request as the caller may see it. Another organization's
 * request, or one the caller may not see, is a 404 page (the back-office answers 404 or 403,
 * and nothing of it is shown).
 */
export async function loadApprovalPage(user: ApprovalsUser, rawId: string | undefined): Promise<ApprovalPageView> {
  const id = requestIdOf(rawId);
  const detail = await user.upstream.approvals.get(user.orgId, id).catch(asRouteError);
  const caller = user.session.master ?? user.session.user;
  return approvalPage(detail, { showPrices: user.permissions.canViewPrices, callerId: caller.obj_id });
}
