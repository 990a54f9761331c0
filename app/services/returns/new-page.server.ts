import { data } from "@remix-run/node";
import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnableOrder } from "@shared/contracts/returns";
import { formatNumericDate } from "@shared/domain/french-format";
import type { PortalLoadContext } from "~/services/context.server";
import { textFields } from "~/services/forms/parse.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import type { FieldErrors } from "~/services/forms/types";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { FORM_REFUSED, checkReturnForm, fieldsOfIssues } from "./form.server";
import { chosenPhotos, photosOf, readReturnUpload } from "./photos.server";
import { ORDER_PARAM, RETURN_FIELDS, returnPath, type ReturnFormPage, type ReturnFormRefusal, type ReturnFormView } from "./types";
import { idOf, type ReturnsUser } from "./user.server";
import { returnableLineView } from "./views.server";

/**
 * /mon-compte/retours/nouveau?commande=<id> (docs/returns-portal.md, decision 0208): what of a
 * delivered order may come back, and the request form; a plain multipart POST that works
 * without JavaScript. A refused request comes back with each message on its field and what
 * was typed (the photos excepted: no browser lets a page fill a file field again).
 */

export const NO_ORDER_CHOSEN = "Choisissez d'abord la commande dont vous voulez retourner des articles.";
export const NOTHING_LEFT =
  "Il ne reste rien à retourner sur cette commande : ses articles sont déjà en retour ou ne peuvent pas être repris.";

export function windowClosed(order: Pick<ReturnableOrder, "deadline" | "delivered_on">): string {
  return `Le délai de retour de cette commande, livrée le ${formatNumericDate(order.delivered_on)}, a pris fin le ${formatNumericDate(order.deadline)} : elle ne peut plus faire l'objet d'une demande de retour.`;
}

function formView(order: ReturnableOrder, user: ReturnsUser): ReturnFormView {
  const showPrices = user.permissions.canViewPrices;
  const lines = order.lines.map((line) => returnableLineView(line, showPrices));
  const anything = lines.some((line) => line.returnable > 0);
  return {
    order: { id: order.order_id, ref: order.order_ref, cartRef: order.cart_ref, deliveredOn: order.delivered_on, deadline: order.deadline },
    open: order.open && anything,
    closedReason: !order.open ? windowClosed(order) : anything ? null : NOTHING_LEFT,
    lines,
    photoRequired: RETURN_REASONS.filter((reason) => order.photo_required_reasons.includes(reason)).map(
      (reason) => RETURN_REASON_LABELS[reason],
    ),
    fees: showPrices
      ? RETURN_REASONS.filter((reason) => (order.restocking_fee_pct[reason] ?? 0) > 0).map((reason) => ({
          label: RETURN_REASON_LABELS[reason],
          pct: order.restocking_fee_pct[reason] ?? 0,
        }))
      : null,
    showPrices,
  };
}

/**
 * The order's returnable lines; a refusal the back-office explains (the order is not delivered,
 * not one a return may be asked for) is the page's message instead of the form. Another
 * organization's order is the 404 page.
 */
async function returnableOrder(
  user: ReturnsUser,
  orderId: number,
): Promise<{ ok: true; order: ReturnableOrder } | { ok: false; message: string }> {
  try {
    return { ok: true, order: await user.upstream.returns.returnable(user.orgId, orderId) };
  } catch (error) {
    if (error instanceof UpstreamError && !error.isUnavailable && (error.status === 409 || error.status === 422 || error.status === 400))
      return { ok: false, message: error.message };
    return asRouteError(error);
  }
}

export async function loadReturnForm(user: ReturnsUser, url: URL): Promise<ReturnFormPage> {
  const orderId = idOf(url.searchParams.get(ORDER_PARAM));
  if (orderId === null) return { kind: "refused", message: NO_ORDER_CHOSEN, orderId: null };
  const read = await returnableOrder(user, orderId);
  return read.ok ? { kind: "form", form: formView(read.order, user) } : { kind: "refused", message: read.message, orderId };
}

function refusal(status: number, refused: Omit<ReturnFormRefusal, "ok">) {
  return data<ReturnFormRefusal>({ ok: false, ...refused }, { status });
}

/** What is typed comes back; the photos' field holds files, never text. */
function valuesOf(fields: Record<string, string>): Record<string, string> {
  const { [RETURN_FIELDS.photos]: _photos, ...values } = fields;
  return values;
}

/** One refusal speaks for itself; several are « corrigez les champs signalés ». */
function formMessage(errors: FieldErrors, fallback = FORM_REFUSED): string {
  const first = Object.values(errors).find((message) => message !== undefined);
  return Object.keys(errors).length > 1 ? fallback : (first ?? fallback);
}

/**
 * POST /mon-compte/retours/nouveau: everything is checked before the one call that creates the
 * return; on any refusal nothing is created. Created: the return's page with a toast.
 */
export async function createReturnAction(user: ReturnsUser, context: PortalLoadContext, request: Request) {
  const upload = await readReturnUpload(request);
  if (!upload.ok) {
    return refusal(413, {
      message: upload.message,
      errors: { [RETURN_FIELDS.photos]: upload.message },
      values: valuesOf(upload.fields),
      filesDropped: true,
    });
  }
  const fields = textFields(upload.form);
  const orderId = idOf(fields[RETURN_FIELDS.order] ?? new URL(request.url).searchParams.get(ORDER_PARAM));
  if (orderId === null) throw data({ message: NO_ORDER_CHOSEN }, { status: 400 });
  const read = await returnableOrder(user, orderId);
  const files = chosenPhotos(upload.form);
  const filesDropped = files.length > 0;
  const values = valuesOf(fields);
  if (!read.ok) return refusal(422, { message: read.message, errors: {}, values, filesDropped });
  if (!read.order.open) return refusal(422, { message: windowClosed(read.order), errors: {}, values, filesDropped });

  const photos = await photosOf(files);
  const checked = checkReturnForm(fields, read.order, photos.ok ? photos.photos : [], photos.ok ? null : photos.message);
  if (!checked.ok) return refusal(400, { message: formMessage(checked.errors), errors: checked.errors, values, filesDropped });

  let created;
  try {
    created = await user.upstream.returns.create(user.orgId, checked.body);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status === 401 || error.status === 404 || error.status === 403)
      return asRouteError(error);
    // Refused upstream (units taken meanwhile by another return, a photo it refuses…) or
    // unavailable: the form stays as typed.
    const errors = fieldsOfIssues(error.issues, checked.body.lines);
    return refusal(error.isUnavailable ? 503 : error.status, {
      message: formMessage(errors, error.message),
      errors,
      values,
      filesDropped,
    });
  }
  return redirectWithToast(context, returnPath(created.number), {
    type: "success",
    message: `Demande de retour ${created.number} envoyée.`,
  });
}
