import { z } from "zod";
import { createReturnRequest, type CreateReturnRequest, type ReturnableOrder } from "@shared/contracts/returns";
import { parseForm } from "~/services/forms/parse.server";
import type { FieldErrors } from "~/services/forms/types";
import type { UpstreamIssue } from "~/services/upstream/http.server";
import { COMMENT_MAX, REASON_CHOICES, RESOLUTION_CHOICES, RETURN_FIELDS as F, lineErrorKey, qtyField } from "./types";

/**
 * The request form into the contract's body (decision 0208): the lines as typed against what
 * the order's page showed (a quantity of 0 or empty is a line not returned), the reason, the
 * resolution and the comment; each refusal in French next to its field. The photos are read
 * apart (photos.server.ts). The back-office checks everything again, against the quantities of
 * the moment: its 422's issues come back onto the same fields (fieldsOfIssues).
 */

export const FORM_REFUSED = "La demande n'est pas envoyée : corrigez les champs signalés.";
export const NO_LINE = "Indiquez la quantité à retourner d'au moins une ligne.";
export const BAD_QTY = "La quantité doit être un nombre entier.";
export const REASON_REQUIRED = "Choisissez le motif du retour.";
export const RESOLUTION_REQUIRED = "Choisissez avoir ou échange.";
export const PHOTO_REQUIRED = "Joignez au moins une photo pour ce motif.";
export const COMMENT_REQUIRED = "Précisez le motif du retour dans le commentaire.";
export const COMMENT_TOO_LONG = `Le commentaire compte au plus ${COMMENT_MAX} caractères.`;
export const atMost = (returnable: number) =>
  returnable === 1
    ? "Au plus 1 unité peut être retournée sur cette ligne."
    : `Au plus ${returnable} unités peuvent être retournées sur cette ligne.`;
export const NOT_RETURNABLE_LINE = "Cette ligne ne peut pas être retournée.";

const scalarFields = z.object({
  [F.reason]: z.enum(
    REASON_CHOICES.map((choice) => choice.value),
    REASON_REQUIRED,
  ),
  [F.resolution]: z.enum(
    RESOLUTION_CHOICES.map((choice) => choice.value),
    RESOLUTION_REQUIRED,
  ),
  [F.comment]: z.string().trim().max(COMMENT_MAX, COMMENT_TOO_LONG).default(""),
});

export type FormRead = { ok: true; body: CreateReturnRequest } | { ok: false; errors: FieldErrors };

/** The lines asked, by the order's lines: a quantity typed for a line the page had no field for is refused on it. */
function readLines(fields: Record<string, string>, order: ReturnableOrder, errors: FieldErrors): CreateReturnRequest["lines"] {
  const lines: CreateReturnRequest["lines"] = [];
  let refused = 0;
  for (const line of order.lines) {
    const typed = (fields[qtyField(line.position)] ?? "").trim();
    if (typed === "" || /^0+$/.test(typed)) continue;
    const refusal = !/^\d{1,5}$/.test(typed)
      ? BAD_QTY
      : line.not_returnable || line.returnable === 0
        ? NOT_RETURNABLE_LINE
        : Number(typed) > line.returnable
          ? atMost(line.returnable)
          : null;
    if (refusal) {
      errors[lineErrorKey(line.position)] = refusal;
      refused += 1;
    } else lines.push({ position: line.position, qty: Number(typed) });
  }
  if (lines.length === 0 && refused === 0) errors[F.lines] = NO_LINE;
  return lines;
}

/**
 * Checks the form's text fields against the order's lines as the back-office gives them now;
 * `photos` are already checked. Everything wrong is said at once, each on its field.
 */
export function checkReturnForm(
  fields: Record<string, string>,
  order: ReturnableOrder,
  photos: CreateReturnRequest["photos"],
  photoError: string | null,
): FormRead {
  const parsed = parseForm(fields, scalarFields);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  const lines = readLines(fields, order, errors);
  const reason = parsed.ok ? REASON_CHOICES.find((choice) => choice.value === parsed.data[F.reason])?.reason : undefined;
  const resolution = parsed.ok ? RESOLUTION_CHOICES.find((choice) => choice.value === parsed.data[F.resolution])?.resolution : undefined;
  const comment = parsed.ok ? parsed.data[F.comment] : "";
  if (photoError) errors[F.photos] = photoError;
  else if (reason && photos.length === 0 && order.photo_required_reasons.includes(reason)) errors[F.photos] = PHOTO_REQUIRED;
  if (reason === "other" && comment === "" && !errors[F.comment]) errors[F.comment] = COMMENT_REQUIRED;
  if (!reason || !resolution || Object.keys(errors).length > 0) return { ok: false, errors };
  const body = { order_id: order.order_id, lines, reason, resolution, comment, photos };
  // The contract's own check, as the back-office will make it: a rule added there is met here.
  const checked = createReturnRequest.safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
    return { ok: false, errors: fieldsOfIssues(issues, lines) };
  }
  return { ok: true, body: checked.data };
}

/** A contract or back-office issue's path (« lines.2.qty », « photos.0 », « comment ») to the form's field. */
export function fieldOfPath(path: string, sent: CreateReturnRequest["lines"]): string | null {
  const [head, index] = path.split(".");
  switch (head) {
    case "lines": {
      const line = index !== undefined && /^\d+$/.test(index) ? sent[Number(index)] : undefined;
      return line ? lineErrorKey(line.position) : F.lines;
    }
    case "reason":
      return F.reason;
    case "resolution":
      return F.resolution;
    case "comment":
      return F.comment;
    case "photos":
      return F.photos;
    default:
      return null;
  }
}

/** Issues onto the fields: the first of each field; the others (no field) stay for the form's alert. */
export function fieldsOfIssues(issues: readonly UpstreamIssue[], sent: CreateReturnRequest["lines"]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, sent);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
