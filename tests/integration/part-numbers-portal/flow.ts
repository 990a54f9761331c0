import * as referencesRoute from "~/routes/_app.mon-compte.references";
import type { PartNumbersAnswer, PartNumbersView } from "~/services/part-numbers/types";
import { callRoute, formRequest, pageRequest } from "../portal/harness";
import { dataOf, flashOf } from "../cart/cart-flow";
import type { CartBackoffice } from "../cart/harness";

/** /mon-compte/references driven as Remix drives it, for the part numbers' portal tests. */

type Backoffice = Pick<CartBackoffice, "context">;

export async function referencesPage(backoffice: Backoffice, cookie: string, path = "/mon-compte/references"): Promise<PartNumbersView> {
  return referencesRoute.loader({ request: pageRequest(path, cookie), context: backoffice.context(), params: {} });
}

export type ActionOutcome =
  { kind: "redirect"; location: string; toast: string | null } | { kind: "data"; status: number; data: PartNumbersAnswer };

/** Posts the page's form (urlencoded, or multipart for a file): a 303 with its toast, or the answer drawn on the page. */
export async function postReferences(
  backoffice: Backoffice,
  cookie: string,
  form: Record<string, string> | FormData,
  path = "/mon-compte/references",
): Promise<ActionOutcome> {
  const request =
    form instanceof FormData
      ? new Request(`http://portail.test${path}`, { method: "POST", body: form, headers: { cookie } })
      : formRequest(path, form, cookie);
  const value = await callRoute(referencesRoute.action, request, backoffice.context());
  if (value instanceof Response) {
    return { kind: "redirect", location: value.headers.get("location") ?? "", toast: (await flashOf(backoffice, value))?.message ?? null };
  }
  const { data, status } = dataOf<PartNumbersAnswer>(value);
  return { kind: "data", status, data };
}

/** The import form with one file. */
export function importForm(name: string, content: string | Uint8Array<ArrayBuffer>, type = "text/csv"): FormData {
  const form = new FormData();
  form.set("intent", "importer");
  form.set("fichier", new File([content], name, { type }));
  return form;
}
