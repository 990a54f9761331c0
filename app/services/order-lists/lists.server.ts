import { z } from "zod";
import { listName } from "@shared/contracts/order-lists";
import { parseForm, redirectWithToast, respond } from "~/services/forms/index.server";
import { readForm } from "~/services/forms/read.server";
import { refused } from "~/services/forms/respond.server";
import type { GuardArgs } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { CHANGE_UNAVAILABLE } from "./actions.server";
import { LISTS_PATH, listPath } from "./types";
import type { ListsUser } from "./user.server";

/** « Créer une liste » on /mon-compte/listes: an empty list, private unless ticked « Partagée ». */
const createListForm = z.object({ intent: z.literal("create"), nom: listName, partagee: z.enum(["1"]).optional() });

export async function createListAction(args: GuardArgs, user: ListsUser): Promise<Response | ReturnType<typeof respond>> {
  const parsed = parseForm(await readForm(args.request), createListForm);
  if (!parsed.ok) {
    return respond(args.context, refused(400, parsed.formError, parsed.fieldErrors), {
      fields: parsed.fields,
      redirectTo: LISTS_PATH,
      refused: "page",
    });
  }
  try {
    const list = await user.upstream.orderLists.create(user.orgId, {
      name: parsed.data.nom,
      shared: parsed.data.partagee === "1",
      lines: [],
    });
    return await redirectWithToast(args.context, listPath(list.id), {
      type: "success",
      message: `Liste « ${list.name} » créée.`.slice(0, 300),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError) || (!error.isUnavailable && error.status !== 422 && error.status !== 409)) throw error;
    const message = error.isUnavailable ? CHANGE_UNAVAILABLE : error.message;
    return redirectWithToast(args.context, LISTS_PATH, { type: "error", message: message.slice(0, 300) });
  }
}
