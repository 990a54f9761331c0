import { data } from "@remix-run/node";
import { z } from "zod";
import { lineNote, listName, listQty, MAX_LIST_LINES, type ListLineInput, type OrderListDetail } from "@shared/contracts/order-lists";
import { UploadTooLarge, fileField, readUploadForm } from "~/services/cart/upload.server";
import { fileRows, QUICK_ORDER_FILE_MAX_BYTES, QuickOrderFileError } from "~/services/cart/quick-order-input.server";
import { parseForm, redirectWithToast, respond, textFields, UNKNOWN_INTENT } from "~/services/forms/index.server";
import { refused } from "~/services/forms/respond.server";
import type { GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { listRefusals, parseListFile } from "./file.server";
import { addLinesToCart, type ChosenLine } from "./to-cart.server";
import { LIST_FIELDS, LIST_INTENTS, LISTS_PATH, listPath, type ImportReportView, type ListPageAnswer } from "./types";
import { idOf, listIdOf, type ListsUser } from "./user.server";

/**
 * The forms of a list's page (docs/order-lists.md), plain POSTs answered with a 303 and a
 * toast (they work without JavaScript), or with the form drawn again when a typed value is
 * refused, or with the import's report (each refused line, more than a toast holds).
 *
 * The lines' form carries every line's quantity and note; its buttons are « Enregistrer les
 * quantités et notes » (PUT of all the lines), one « Retirer » per line (the same PUT without
 * that line, decision 0196) and the two « Ajouter … au panier » (the quantities as typed).
 */

export const READ_ONLY =
  "Cette liste partagée est en lecture seule pour vous : seuls son auteur et les administrateurs de l'organisation peuvent la modifier. Vous pouvez toujours l'ajouter au panier.";
export const CHANGE_UNAVAILABLE = "Le service est momentanément indisponible : la liste est inchangée. Réessayez dans quelques instants.";
export const QTY_ZERO = "La quantité doit être d'au moins 1 : pour enlever la ligne de la liste, utilisez « Retirer ».";
const NO_FILE = "Choisissez un fichier CSV ou XLSX à importer.";
const EMPTY_FILE = "Le fichier ne contient aucune ligne à importer.";
const LINES_CHANGED = "La liste a changé depuis l'affichage de la page : rechargez-la puis recommencez.";

type Fields = Record<string, string>;

/** A refusal of the back-office as the user reads it (a 404 stays the 404 page). */
async function failure(args: GuardArgs, error: unknown, id: number): Promise<Response> {
  if (!(error instanceof UpstreamError) || error.status === 404) return asRouteError(error);
  const message = error.status === 403 ? READ_ONLY : error.isUnavailable ? CHANGE_UNAVAILABLE : error.message;
  return redirectWithToast(args.context, listPath(id), { type: "error", message: message.slice(0, 300) });
}

/** The typed quantity of a line: a whole number from 1 to 9,999, or its French reason. */
function typedQty(raw: string | undefined): number | string {
  const compact = (raw ?? "").replace(/\s/g, "");
  if (/^0+$/.test(compact)) return QTY_ZERO;
  if (!/^\d{1,6}$/.test(compact)) return "Indiquez une quantité en nombre entier.";
  const parsed = listQty.safeParse(Number(compact));
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? "Quantité invalide.");
}

interface TypedLines {
  lines: ListLineInput[];
  errors: Record<string, string>;
}

/**
 * The lines as the form sends them, in the page's order: `produit` names each line's product,
 * `qte_<id>` and `note_<id>` what was typed. Only the list's own products are read.
 */
function typedLines(form: FormData, fields: Fields, detail: OrderListDetail): TypedLines {
  const onList = new Set(detail.lines.map((line) => line.product_id));
  const seen = new Set<number>();
  const lines: ListLineInput[] = [];
  const errors: Record<string, string> = {};
  for (const raw of form.getAll(LIST_FIELDS.product).slice(0, MAX_LIST_LINES)) {
    const id = typeof raw === "string" ? idOf(raw) : null;
    if (id === null || !onList.has(id) || seen.has(id)) continue;
    seen.add(id);
    const qty = typedQty(fields[LIST_FIELDS.qty(id)]);
    const note = lineNote.safeParse(fields[LIST_FIELDS.note(id)] ?? "");
    if (typeof qty === "string") errors[LIST_FIELDS.qty(id)] = qty;
    if (!note.success) errors[LIST_FIELDS.note(id)] = note.error.issues[0]?.message ?? "Note invalide.";
    if (typeof qty === "number" && note.success) lines.push({ product_id: id, qty, note: note.data });
  }
  return { lines, errors };
}

/** The form drawn again with each refused field's message and what was typed. */
function redrawn(args: GuardArgs, id: number, fields: Fields, errors: Record<string, string>, message: string) {
  return respond(args.context, refused(400, message, errors), { fields, redirectTo: listPath(id), refused: "page" });
}

async function saveLines(
  args: GuardArgs,
  user: ListsUser,
  detail: OrderListDetail,
  form: FormData,
  fields: Fields,
  removed: number | null,
) {
  if (!detail.can_edit) return redirectWithToast(args.context, listPath(detail.id), { type: "error", message: READ_ONLY });
  const { lines, errors } = typedLines(form, fields, detail);
  const kept = lines.filter((line) => line.product_id !== removed);
  if (removed !== null) {
    delete errors[LIST_FIELDS.qty(removed)];
    delete errors[LIST_FIELDS.note(removed)];
  }
  const first = Object.values(errors)[0];
  if (first !== undefined) return redrawn(args, detail.id, fields, errors, `La liste n'a pas été enregistrée. ${first}`);
  if (removed !== null && !detail.lines.some((line) => line.product_id === removed)) {
    return redirectWithToast(args.context, listPath(detail.id), { type: "error", message: LINES_CHANGED });
  }
  const sentAll = removed === null ? kept.length === detail.lines.length : kept.length === detail.lines.length - 1;
  if (!sentAll) return redirectWithToast(args.context, listPath(detail.id), { type: "error", message: LINES_CHANGED });
  await user.upstream.orderLists.replaceLines(user.orgId, detail.id, kept);
  const removedLine = detail.lines.find((line) => line.product_id === removed);
  const message = removedLine ? `${removedLine.ref} retiré de la liste « ${detail.name} ».` : `Liste « ${detail.name} » enregistrée.`;
  return redirectWithToast(args.context, listPath(detail.id), { type: "success", message: message.slice(0, 300) });
}

/** The lines to add to the cart: the ticked ones or all, at the quantities typed (an editable list) or saved. */
async function toCart(args: GuardArgs, user: ListsUser, detail: OrderListDetail, form: FormData, fields: Fields, all: boolean) {
  const ticked = new Set(form.getAll(LIST_FIELDS.ticked).map((value) => (typeof value === "string" ? idOf(value) : null)));
  const errors: Record<string, string> = {};
  const chosen: ChosenLine[] = [];
  for (const line of detail.lines) {
    if (!all && !ticked.has(line.product_id)) continue;
    const typed = fields[LIST_FIELDS.qty(line.product_id)];
    if (!detail.can_edit || typed === undefined) {
      chosen.push({ line, qty: line.qty });
      continue;
    }
    const qty = typedQty(typed);
    if (typeof qty === "string") errors[LIST_FIELDS.qty(line.product_id)] = qty;
    else chosen.push({ line, qty });
  }
  const first = Object.values(errors)[0];
  if (first !== undefined) return redrawn(args, detail.id, fields, errors, `Rien n'a été ajouté au panier. ${first}`);
  return addLinesToCart(args, user, detail.name, listPath(detail.id), chosen);
}

const renameForm = z.object({ nom: listName });
const shareForm = z.object({ partagee: z.enum(["0", "1"], { error: "Ce formulaire n'est plus valable : rechargez la page." }) });

async function rename(args: GuardArgs, user: ListsUser, detail: OrderListDetail, fields: Fields) {
  const parsed = parseForm(fields, renameForm);
  if (!parsed.ok) return redrawn(args, detail.id, fields, parsed.fieldErrors, parsed.formError);
  const list = await user.upstream.orderLists.update(user.orgId, detail.id, { name: parsed.data.nom });
  return redirectWithToast(args.context, listPath(detail.id), { type: "success", message: `Liste renommée « ${list.name} ».` });
}

async function share(args: GuardArgs, user: ListsUser, detail: OrderListDetail, fields: Fields) {
  const parsed = parseForm(fields, shareForm);
  if (!parsed.ok) return redirectWithToast(args.context, listPath(detail.id), { type: "error", message: parsed.formError });
  const list = await user.upstream.orderLists.update(user.orgId, detail.id, { shared: parsed.data.partagee === "1" });
  const message = list.shared
    ? `La liste « ${list.name} » est partagée avec l'organisation : vos collègues la voient.`
    : `La liste « ${list.name} » est privée : vous seul la voyez.`;
  return redirectWithToast(args.context, listPath(detail.id), { type: "success", message: message.slice(0, 300) });
}

async function remove(args: GuardArgs, user: ListsUser, detail: OrderListDetail) {
  await user.upstream.orderLists.remove(user.orgId, detail.id);
  return redirectWithToast(args.context, LISTS_PATH, { type: "success", message: `Liste « ${detail.name} » supprimée.`.slice(0, 300) });
}

function importAnswer(message: string, ok: boolean, report?: ImportReportView) {
  const answer: ListPageAnswer = report ? { ok, message, importReport: report } : { ok, message };
  return data(answer, { status: ok ? 200 : 400 });
}

/** A CSV or XLSX file read with the quick order's reader; the report comes back on the page. */
async function importFile(args: GuardArgs, user: ListsUser, detail: OrderListDetail, form: FormData) {
  if (!detail.can_edit) return importAnswer(READ_ONLY, false);
  const file = fileField(form, LIST_FIELDS.file);
  if (!file) return importAnswer(NO_FILE, false);
  let rows: string[][];
  try {
    rows = await fileRows(file);
  } catch (error) {
    if (error instanceof QuickOrderFileError) return importAnswer(error.message, false);
    throw error;
  }
  const parse = parseListFile(rows);
  const fileName = file.name.slice(0, 80);
  if (parse.entries.length === 0) {
    const report = { fileName, added: 0, ...listRefusals(parse.refused) };
    return importAnswer(parse.refused.length > 0 ? "Aucune ligne du fichier n'a été ajoutée." : EMPTY_FILE, false, report);
  }
  const answer = await user.upstream.orderLists.importLines(user.orgId, detail.id, { entries: parse.entries });
  const report = { fileName, added: answer.added, ...listRefusals([...parse.refused, ...answer.refused]) };
  const refusedCount = report.refused.length + report.unlisted;
  const message =
    answer.added === 0
      ? "Aucune ligne du fichier n'a été ajoutée."
      : `${answer.added} ${answer.added > 1 ? "lignes ajoutées" : "ligne ajoutée"} à la liste${refusedCount > 0 ? ` ; ${refusedCount} refusée${refusedCount > 1 ? "s" : ""}, voir ci-dessous` : ""}.`;
  return importAnswer(message, answer.added > 0, report);
}

async function readListForm(request: Request): Promise<FormData | null> {
  try {
    return await readUploadForm(request, QUICK_ORDER_FILE_MAX_BYTES);
  } catch (error) {
    if (error instanceof UploadTooLarge) return null;
    throw error;
  }
}

/** POST /mon-compte/listes/{id}: one intent per button, the back-office decides again on every call. */
export async function listPageAction(
  args: GuardArgs,
  user: ListsUser,
  rawId: string | undefined,
): Promise<Response | ReturnType<typeof data>> {
  const id = listIdOf(rawId);
  const form = await readListForm(args.request);
  if (!form) return importAnswer("Le fichier dépasse 2 Mo.", false);
  const fields = textFields(form);
  const intent = fields[LIST_FIELDS.intent] ?? "";
  const detail = await user.upstream.orderLists.get(user.orgId, id).catch(asRouteError);
  try {
    if (intent.startsWith(LIST_INTENTS.removePrefix)) {
      const removed = idOf(intent.slice(LIST_INTENTS.removePrefix.length));
      if (removed === null) throw data({ message: UNKNOWN_INTENT }, { status: 400 });
      return await saveLines(args, user, detail, form, fields, removed);
    }
    switch (intent) {
      case LIST_INTENTS.save:
        return await saveLines(args, user, detail, form, fields, null);
      case LIST_INTENTS.addSelected:
        return await toCart(args, user, detail, form, fields, false);
      case LIST_INTENTS.addAll:
        return await toCart(args, user, detail, form, fields, true);
      case LIST_INTENTS.rename:
        return await rename(args, user, detail, fields);
      case LIST_INTENTS.share:
        return await share(args, user, detail, fields);
      case LIST_INTENTS.delete:
        return await remove(args, user, detail);
      case LIST_INTENTS.import:
        return await importFile(args, user, detail, form);
      default:
        throw data({ message: UNKNOWN_INTENT }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return failure(args, error, id);
  }
}
