import { data } from "@remix-run/node";
import { ALERT_KINDS, type AlertKind, type AlertPreferencesResponse } from "@shared/contracts/alerts";
import { permissionsOf } from "@shared/domain/permissions";
import type { PortalLoadContext } from "~/services/context.server";
import { redirectWithToast } from "~/services/forms/index.server";
import { requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { ALERT_DESCRIPTIONS } from "./descriptions";
import type { AlertsAudience, AlertsPageView, AlertsRefusal } from "./types";
import { readForm } from "~/services/forms/read.server";

export const ALERTS_PATH = "/mon-compte/alertes-emails";

/**
 * The kinds that never reach a representative's own address (docs/alerts.md « Portal pages »):
 * the quotes' answers and reminders go to the client (the representative gets the quotes' own
 * e-mails, not alerts), a favourite is the client account's, and the approvals' go to the
 * customer's approvers and requester (docs/approvals.md), a scheduled replenishment's to its owner
 * (docs/replenishment.md). Its page leaves them out, and a save
 * keeps whatever they held.
 */
const NOT_FOR_CONTRIBUTORS: ReadonlySet<AlertKind> = new Set([
  "quote_answered",
  "quote_expiring",
  "favourite_back_in_stock",
  "approval_requested",
  "approval_decided",
  "replenishment_reminder",
  "replenishment_failed",
]);

export interface AlertsUser extends ActiveUser {
  audience: AlertsAudience;
}

/**
 * Spec section 6: every class but people chooses its alerts. A people account gets a 404 (no
 * menu link either), as the back-office's 403 would. A representative sets its own alerts; once
 * logged in as a client it acts for the client, as on every account page: the token is the
 * client organization account's, so are the alerts shown.
 */
export async function requireAlertsUser(args: GuardArgs): Promise<AlertsUser> {
  const active = await requireUser(args);
  const { user, master } = active.session;
  if (!permissionsOf(user, master).canConfigureAlerts) throw data({ message: null }, { status: 404 });
  const audience: AlertsAudience =
    user.obj_class === "contributor"
      ? { kind: "contributor" }
      : master
        ? { kind: "acting", clientName: user.obj_name }
        : { kind: "organization" };
  return { ...active, audience };
}

function shownKinds(audience: AlertsAudience): AlertKind[] {
  return audience.kind === "contributor" ? ALERT_KINDS.filter((kind) => !NOT_FOR_CONTRIBUTORS.has(kind)) : [...ALERT_KINDS];
}

function viewOf(answer: AlertPreferencesResponse, audience: AlertsAudience): AlertsPageView {
  const shown = new Set(shownKinds(audience));
  return {
    email: answer.email,
    audience,
    choices: answer.preferences
      .filter((preference) => shown.has(preference.kind))
      .map((preference) => ({
        kind: preference.kind,
        label: preference.label,
        description: ALERT_DESCRIPTIONS[preference.kind],
        enabled: preference.enabled,
      })),
  };
}

export async function loadAlertsPage(user: AlertsUser): Promise<AlertsPageView> {
  return viewOf(await user.upstream.alerts.preferences().catch(asRouteError), user.audience);
}

export const UNKNOWN_ALERT = "Cette alerte n'existe pas : rechargez la page, puis cochez les alertes voulues.";

function refusal(status: number, message: string) {
  return data<AlertsRefusal>({ ok: false, message }, { status });
}

/** The ticked boxes (`alerte`, repeated); null when one is not a kind the page offers. */
function tickedOf(form: FormData, audience: AlertsAudience): AlertKind[] | null {
  const offered: readonly string[] = shownKinds(audience);
  const raw = form.getAll("alerte");
  if (raw.length > ALERT_KINDS.length * 2) return null;
  const ticked: AlertKind[] = [];
  for (const value of raw) {
    const kind = typeof value === "string" ? ALERT_KINDS.find((candidate) => candidate === value) : undefined;
    if (!kind || !offered.includes(kind)) return null;
    if (!ticked.includes(kind)) ticked.push(kind);
  }
  return ticked;
}

/**
 * POST /mon-compte/alertes-emails: the boxes ticked are the alerts wanted, the others are turned
 * off (a plain form: it works without JavaScript, an unticked box sends nothing). A value the
 * page does not offer is refused in French and nothing is saved.
 */
export async function saveAlertsFromForm(user: AlertsUser, context: PortalLoadContext, request: Request) {
  const ticked = tickedOf(await readForm(request), user.audience);
  if (ticked === null) return refusal(400, UNKNOWN_ALERT);
  const { alerts } = user.upstream;
  try {
    let enabled = ticked;
    if (user.audience.kind === "contributor") {
      // The kinds not on the page keep their value: the back-office turns off every kind left out.
      const current = await alerts.preferences();
      enabled = [
        ...ticked,
        ...current.preferences
          .filter((preference) => preference.enabled && NOT_FOR_CONTRIBUTORS.has(preference.kind))
          .map((preference) => preference.kind),
      ];
    }
    await alerts.save(enabled);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 400) return refusal(400, error.message);
    return asRouteError(error);
  }
  return redirectWithToast(context, ALERTS_PATH, { type: "success", message: "Vos alertes e-mail sont enregistrées." });
}
