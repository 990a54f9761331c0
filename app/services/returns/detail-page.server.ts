import { z } from "zod";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, textFields } from "~/services/forms/parse.server";
import { readForm } from "~/services/forms/read.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { WITHDRAW_PARAM, returnPath, type ReturnPageView } from "./types";
import { returnNumberOf, type ReturnsUser } from "./user.server";
import { returnPageView } from "./views.server";

/**
 * /mon-compte/retours/{number} (docs/returns-portal.md): one return, every step of it, and its
 * withdrawal while still « demandé » (a plain POST after a confirmation step: « Annuler la
 * demande… » is a link to `?annuler=1`, whose form alone sends the withdrawal). Another
 * organization's return is the 404 page.
 */

export async function loadReturnPage(user: ReturnsUser, rawNumber: string | undefined, url: URL): Promise<ReturnPageView> {
  const number = returnNumberOf(rawNumber);
  const detail = await user.upstream.returns.get(user.orgId, number).catch(asRouteError);
  return returnPageView(detail, user.permissions, url.searchParams.get(WITHDRAW_PARAM) === "1");
}

const BAD_FORM = "Ce formulaire n'est plus valable : rechargez la page.";
const returnIntent = z.discriminatedUnion("intent", [
  // The confirmation step's button only: a lone « withdraw » from elsewhere is refused.
  z.object({ intent: z.literal("withdraw"), confirmation: z.literal("oui", BAD_FORM) }),
]);

export async function returnAction(user: ReturnsUser, context: PortalLoadContext, request: Request, rawNumber: string | undefined) {
  const number = returnNumberOf(rawNumber);
  const parsed = parseForm(textFields(await readForm(request)), returnIntent);
  if (!parsed.ok) return redirectWithToast(context, returnPath(number), { type: "error", message: parsed.formError });
  try {
    const after = await user.upstream.returns.withdraw(user.orgId, number);
    return await redirectWithToast(context, returnPath(after.number), {
      type: "success",
      message: `Demande de retour ${after.number} annulée.`,
    });
  } catch (error) {
    // Already answered by the distributor (409): its words in a toast; another organization's: the 404 page.
    if (!(error instanceof UpstreamError) || error.status === 404 || error.status === 403 || error.status === 401 || error.isUnavailable)
      return asRouteError(error);
    return redirectWithToast(context, returnPath(number), { type: "error", message: error.message.slice(0, 300) });
  }
}
