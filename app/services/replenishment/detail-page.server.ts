import { z } from "zod";
import type { ScheduleDetail } from "@shared/contracts/replenishment";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, textFields } from "~/services/forms/parse.server";
import { readForm } from "~/services/forms/read.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { readUpdateForm } from "./form.server";
import { scheduleRefusal, upstreamRefusal } from "./list-page.server";
import { SCHEDULES_PATH, runDateText, schedulePath, type ScheduleDetailView } from "./types";
import { scheduleIdOf, type ReplenishmentUser } from "./user.server";
import { currentFormValues, loadChoices, runView, scheduleRow, todayOf } from "./views.server";

/**
 * /mon-compte/commandes-programmees/{id} (docs/replenishment-portal.md): one schedule, its
 * next dates and its runs; skip, pause, resume, delete (after a confirmation step) and change,
 * each a plain POST with its `intent` answered with a 303 and a toast. Another organization's
 * schedule, or one the caller may not see, is the 404 page; one the caller may not change is
 * shown read-only, and the back-office refuses its changes anyway (403, said in a toast).
 */

export const DELETE_PARAM = "supprimer";
export const NOT_YOURS = "Seuls l'auteur de cette commande programmée et les administrateurs de votre organisation peuvent la modifier.";

export async function loadSchedulePage(
  user: ReplenishmentUser,
  context: PortalLoadContext,
  rawId: string | undefined,
  url: URL,
): Promise<ScheduleDetailView> {
  const id = scheduleIdOf(rawId);
  const [detail, choices] = await Promise.all([user.upstream.replenishment.get(user.orgId, id), loadChoices(user, context)]).catch(
    asRouteError,
  );
  const schedule = scheduleRow(detail);
  // The schedule's own list stays choosable even when the caller no longer sees it (a colleague's private list).
  const lists = choices.lists.some((list) => list.id === schedule.listId)
    ? choices.lists
    : [{ id: schedule.listId, label: schedule.listName }, ...choices.lists];
  return {
    ...choices,
    lists,
    schedule,
    upcoming: detail.upcoming,
    runs: detail.runs.map(runView),
    current: currentFormValues(schedule, choices.today),
    confirmDelete: url.searchParams.get(DELETE_PARAM) === "1" && schedule.canEdit,
  };
}

const BAD_FORM = "Ce formulaire n'est plus valable : rechargez la page.";
const scheduleIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("skip") }),
  z.object({ intent: z.literal("pause") }),
  z.object({ intent: z.literal("resume") }),
  // The confirmation step's button only: a lone « delete » from elsewhere is refused.
  z.object({ intent: z.literal("delete"), confirmation: z.literal("oui", BAD_FORM) }),
]);

const nextText = (detail: ScheduleDetail) => (detail.next_run ? `la prochaine partira le ${runDateText(detail.next_run)}` : "");

/** A refusal of an action in a toast: the back-office's words (ours for a 403 without any); a 404 is the 404 page. */
async function failure(context: PortalLoadContext, error: unknown, id: number): Promise<Response> {
  if (!(error instanceof UpstreamError) || error.status === 404 || error.status === 401) return asRouteError(error);
  // A schedule that is not the caller's to change may not be one its page shows them either: back to the list.
  if (error.status === 403)
    return redirectWithToast(context, SCHEDULES_PATH, { type: "error", message: (error.message || NOT_YOURS).slice(0, 300) });
  return redirectWithToast(context, schedulePath(id), { type: "error", message: error.message.slice(0, 300) });
}

export async function scheduleAction(user: ReplenishmentUser, context: PortalLoadContext, request: Request, rawId: string | undefined) {
  const id = scheduleIdOf(rawId);
  const fields = textFields(await readForm(request));
  const parsed = parseForm(fields, scheduleIntent);
  if (!parsed.ok) return redirectWithToast(context, schedulePath(id), { type: "error", message: parsed.formError });
  const { replenishment } = user.upstream;
  const toast = (message: string, to = schedulePath(id)) =>
    redirectWithToast(context, to, { type: "success", message: message.slice(0, 300) });
  try {
    switch (parsed.data.intent) {
      case "update":
        return await update(user, context, id, fields);
      case "skip": {
        const after = await replenishment.skip(user.orgId, id);
        const skipped = after.skipped_date;
        const next = nextText(after);
        return await toast(
          `${skipped ? `La commande du ${runDateText(skipped)} est sautée` : "La prochaine commande est sautée"}${next ? ` : ${next}` : ""}.`,
        );
      }
      case "pause":
        await replenishment.pause(user.orgId, id);
        return await toast("Commande programmée mise en pause : aucune commande ne partira avant sa reprise.");
      case "resume": {
        const after = await replenishment.resume(user.orgId, id);
        const next = nextText(after);
        return await toast(`Commande programmée reprise${next ? ` : ${next}` : ""}.`);
      }
      case "delete": {
        const { name } = await replenishment.get(user.orgId, id);
        await replenishment.remove(user.orgId, id);
        return await toast(
          `Commande programmée « ${name} » supprimée. Les commandes déjà passées restent dans vos commandes.`,
          SCHEDULES_PATH,
        );
      }
    }
  } catch (error) {
    return failure(context, error, id);
  }
}

/** The change form: refused fields drawn again (nothing saved), the back-office's 422 next to its fields. */
async function update(user: ReplenishmentUser, context: PortalLoadContext, id: number, fields: Record<string, string>) {
  const current = scheduleRow(await user.upstream.replenishment.get(user.orgId, id));
  if (!current.canEdit) return redirectWithToast(context, schedulePath(id), { type: "error", message: NOT_YOURS });
  const today = todayOf(context);
  const read = readUpdateForm(fields, today, current, currentFormValues(current, today).debut);
  if (!read.ok) return scheduleRefusal("update", read.message, read.errors, fields, 400);
  let saved;
  try {
    saved = await user.upstream.replenishment.update(user.orgId, id, read.body);
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 403 || error.status === 404)) return failure(context, error, id);
    return upstreamRefusal(error, "update", fields);
  }
  const next = nextText(saved);
  return redirectWithToast(context, schedulePath(id), {
    type: "success",
    message: `Commande programmée enregistrée${next ? ` : ${next}` : ""}.`.slice(0, 300),
  });
}
