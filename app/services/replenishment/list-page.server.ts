import { data } from "@remix-run/node";
import type { PortalLoadContext } from "~/services/context.server";
import { textFields } from "~/services/forms/parse.server";
import { readForm } from "~/services/forms/read.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { errorsOfIssues, readCreateForm, unitOf } from "./form.server";
import { runDateText, schedulePath, type ScheduleListView, type ScheduleRefusal } from "./types";
import type { ReplenishmentUser } from "./user.server";
import { defaultFormValues, loadChoices, scheduleRow, todayOf } from "./views.server";

/**
 * /mon-compte/commandes-programmees (docs/replenishment-portal.md): the schedules the caller
 * sees and the creation form. The back-office decides who sees which schedule and checks the
 * form again (its 422 comes back next to the fields).
 */

export async function loadScheduleList(user: ReplenishmentUser, context: PortalLoadContext): Promise<ScheduleListView> {
  const [schedules, choices] = await Promise.all([user.upstream.replenishment.list(user.orgId), loadChoices(user, context)]).catch(
    asRouteError,
  );
  return { ...choices, rows: schedules.items.map(scheduleRow), defaults: defaultFormValues(choices) };
}

/** A refused form drawn again: what was typed, each message next to its field. */
export function scheduleRefusal(
  form: string,
  message: string,
  errors: ScheduleRefusal["errors"],
  values: Record<string, string>,
  status: number,
) {
  return data<ScheduleRefusal>({ ok: false, form, message, errors, values }, { status });
}

/**
 * The back-office's refusal of a form (422: a list or address it does not know, a date or a
 * rhythm it refuses; 403: the right is missing) drawn again in its words, each issue next to
 * its field. An outage, or the session gone, goes on to the error page.
 */
export function upstreamRefusal(error: unknown, form: string, fields: Record<string, string>) {
  if (error instanceof UpstreamError && !error.isUnavailable && error.status !== 401) {
    return scheduleRefusal(form, error.message, errorsOfIssues(error.issues, unitOf(fields)), fields, error.status);
  }
  return asRouteError(error);
}

/** POST /mon-compte/commandes-programmees: a new schedule, then its page with its first date. */
export async function createScheduleAction(user: ReplenishmentUser, context: PortalLoadContext, request: Request) {
  const fields = textFields(await readForm(request));
  const read = readCreateForm(fields, todayOf(context));
  if (!read.ok) return scheduleRefusal("create", read.message, read.errors, fields, 400);
  let created;
  try {
    created = await user.upstream.replenishment.create(user.orgId, read.body);
  } catch (error) {
    return upstreamRefusal(error, "create", fields);
  }
  const next = created.next_run ? ` : première commande le ${runDateText(created.next_run)}` : "";
  return redirectWithToast(context, schedulePath(created.id), {
    type: "success",
    message: `Commande programmée « ${created.name} » créée${next}.`.slice(0, 300),
  });
}
