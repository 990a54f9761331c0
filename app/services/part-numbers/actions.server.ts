import { data } from "@remix-run/node";
import { z } from "zod";
import { ownCode } from "@shared/contracts/part-numbers";
import { countOf } from "@shared/domain/plural";
import { isShippingReference, normalizeReference } from "@shared/domain/references";
import { QUICK_ORDER_FILE_MAX_BYTES } from "~/services/cart/quick-order-input.server";
import { fileField, readUploadForm, UploadTooLarge } from "~/services/cart/upload.server";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm, textFields } from "~/services/forms/parse.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import type { ActiveUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { ImportFileRefused, readImportFile } from "./import-file.server";
import { canChangePartNumbers } from "./page.server";
import {
  IMPORT_FILE_FIELD,
  NO_CART_RIGHT,
  PART_NUMBER_INTENTS,
  PART_NUMBERS_PATH,
  SET_CODE_FIELDS,
  type ImportRefusalView,
  type PartNumbersAnswer,
  type SetCodeField,
} from "./types";

/**
 * POST /mon-compte/references: give a product a code, take one away, import a file. Only with
 * the `cart` right (the back-office checks it again). A code given or taken away comes back to
 * the page with a toast (303); a refused code draws the form again with the message on its
 * field; an import answers with its report, line by line (decision 0051's reason: more than a
 * toast can carry).
 */

export const CHOOSE_A_FILE = "Choisissez un fichier CSV ou Excel (XLSX) à importer.";
export const EMPTY_FILE = "Le fichier ne contient aucune ligne à importer.";
const FILE_TOO_LARGE = "Le fichier dépasse 2 Mo : découpez-le en plusieurs fichiers.";

const setCodeForm = z.object({
  intent: z.literal(PART_NUMBER_INTENTS.set),
  [SET_CODE_FIELDS.ref]: z
    .string()
    .trim()
    .min(1, "Indiquez la référence du produit.")
    .max(60, "Une référence compte au plus 60 caractères."),
  [SET_CODE_FIELDS.code]: ownCode,
});

const removeCodeForm = z.object({
  intent: z.literal(PART_NUMBER_INTENTS.remove),
  productId: z.coerce.number().int().positive().max(2_147_483_647),
  ref: z.string().max(60).default(""),
});

/** Back to the list as it was shown (its search and page), with the toast. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  for (const name of ["q", "page"]) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 100));
  }
  const query = kept.toString();
  return query ? `${PART_NUMBERS_PATH}?${query}` : PART_NUMBERS_PATH;
}

function answer(body: PartNumbersAnswer, status: number) {
  return data<PartNumbersAnswer>(body, { status });
}

const refusedSet = (fields: Record<string, string>, errors: Partial<Record<SetCodeField, string>>, status: number) =>
  answer({ intent: "set", message: "Le code n'a pas été enregistré : voyez le champ signalé.", errors, values: fields }, status);

/** A refusal of the back-office that the user can act on (not a failure, not a lost session). */
const isRefusal = (error: unknown): error is UpstreamError =>
  error instanceof UpstreamError && !error.isUnavailable && error.status !== 401 && error.status !== 403;

async function setCode(context: PortalLoadContext, active: ActiveUser, request: Request, fields: Record<string, string>) {
  const parsed = parseForm(fields, setCodeForm);
  if (!parsed.ok) return refusedSet(fields, parsed.fieldErrors, 400);
  const ref = normalizeReference(parsed.data[SET_CODE_FIELDS.ref]);
  const code = parsed.data[SET_CODE_FIELDS.code];
  if (isShippingReference(ref))
    return refusedSet(fields, { [SET_CODE_FIELDS.ref]: `${ref} est un frais de port : il ne prend pas de code.` }, 400);
  const orgId = active.session.user.auth_org_id;
  const unknown = { [SET_CODE_FIELDS.ref]: `Référence inconnue : ${ref}. Vérifiez-la dans le catalogue.` };
  let productId: number;
  try {
    const product = await active.upstream.pim.getProductByRef(orgId, ref);
    if (product.found_by_code !== undefined) {
      const message = `${ref} est déjà votre code pour la référence ${product.obj_ref} : indiquez la référence du produit.`;
      return refusedSet(fields, { [SET_CODE_FIELDS.ref]: message }, 400);
    }
    if (normalizeReference(product.obj_ref) !== ref) return refusedSet(fields, unknown, 400);
    productId = product.obj_id;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return refusedSet(fields, unknown, 400);
    return asRouteError(error);
  }
  try {
    const saved = await active.upstream.partNumbers.set(orgId, productId, code);
    const message = `Votre code ${saved.code} est enregistré pour la référence ${saved.ref}.`;
    return await redirectWithToast(context, backTo(request), { type: "success", message });
  } catch (error) {
    // The back-office's words (a code another product has: 409) on the code's field.
    if (isRefusal(error) && error.status !== 404) return refusedSet(fields, { [SET_CODE_FIELDS.code]: error.message }, error.status);
    return asRouteError(error);
  }
}

async function removeCode(context: PortalLoadContext, active: ActiveUser, request: Request, fields: Record<string, string>) {
  const parsed = parseForm(fields, removeCodeForm);
  if (!parsed.ok) return answer({ intent: null, message: "Code introuvable : rechargez la page." }, 400);
  const { productId, ref } = parsed.data;
  try {
    await active.upstream.partNumbers.remove(active.session.user.auth_org_id, productId);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) {
      return redirectWithToast(context, backTo(request), { type: "info", message: "Ce code avait déjà été retiré." });
    }
    return asRouteError(error);
  }
  const message = ref ? `Le code de la référence ${normalizeReference(ref)} est retiré.` : "Le code est retiré.";
  return redirectWithToast(context, backTo(request), { type: "success", message });
}

const byLine = (a: ImportRefusalView, b: ImportRefusalView) => a.line - b.line;

async function importCodes(active: ActiveUser, file: File | null) {
  const refusedImport = (message: string, status: number) => answer({ intent: "import", message, report: null }, status);
  if (!file) return refusedImport(CHOOSE_A_FILE, 400);
  let read;
  try {
    read = await readImportFile(file);
  } catch (error) {
    if (error instanceof ImportFileRefused) return refusedImport(error.message, 400);
    throw error;
  }
  if (read.entries.length === 0 && read.refused.length === 0) return refusedImport(EMPTY_FILE, 400);
  let saved = 0;
  const refused = [...read.refused];
  if (read.entries.length > 0) {
    try {
      const outcome = await active.upstream.partNumbers.importCodes(active.session.user.auth_org_id, { entries: read.entries });
      saved = outcome.saved;
      refused.push(...outcome.refused);
    } catch (error) {
      if (isRefusal(error) && error.status !== 404) return refusedImport(error.message, error.status);
      return asRouteError(error);
    }
  }
  const message =
    saved === 0
      ? "Aucun code n'a été enregistré : voyez les lignes refusées."
      : `${countOf(saved, "code enregistré", "codes enregistrés")}${refused.length > 0 ? `, ${countOf(refused.length, "ligne refusée", "lignes refusées")}` : ""}.`;
  return answer({ intent: "import", message, report: { saved, refused: refused.sort(byLine) } }, saved === 0 ? 400 : 200);
}

/** The page's action: one of the three forms, for whoever has the `cart` right. */
export async function partNumbersAction(context: PortalLoadContext, active: ActiveUser, request: Request) {
  if (!canChangePartNumbers(active)) return answer({ intent: null, message: NO_CART_RIGHT }, 403);
  let form: FormData;
  try {
    form = await readUploadForm(request, QUICK_ORDER_FILE_MAX_BYTES);
  } catch (error) {
    if (error instanceof UploadTooLarge) return answer({ intent: "import", message: FILE_TOO_LARGE, report: null }, 413);
    throw error;
  }
  const fields = textFields(form);
  switch (fields.intent) {
    case PART_NUMBER_INTENTS.set:
      return setCode(context, active, request, fields);
    case PART_NUMBER_INTENTS.remove:
      return removeCode(context, active, request, fields);
    case PART_NUMBER_INTENTS.import:
      return importCodes(active, fileField(form, IMPORT_FILE_FIELD));
    default:
      return answer({ intent: null, message: "Action inconnue." }, 400);
  }
}
