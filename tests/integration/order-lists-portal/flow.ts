import * as listRoute from "~/routes/_app.mon-compte.listes.$id";
import * as csvRoute from "~/routes/_app.mon-compte.listes.$id_.export[.csv]";
import * as xlsxRoute from "~/routes/_app.mon-compte.listes.$id_.export[.xlsx]";
import * as listsRoute from "~/routes/_app.mon-compte.listes._index";
import * as makeRoute from "~/routes/_app.mon-compte.listes.ajouter";
import type { ListPageAnswer, ListPageView, ListsPageView } from "~/services/order-lists/types";
import { dataOf, flashOf } from "../cart/cart-flow";
import type { CheckoutBackoffice } from "../checkout/harness";
import { pageRequest } from "../portal/harness";

/** The order lists' routes called as Remix calls them, over the real back-office (tests of issue 38). */

export const listPath = (id: number) => `/mon-compte/listes/${id}`;

export const listsPage = async (backoffice: CheckoutBackoffice, cookie: string) =>
  (await listsRoute.loader({
    request: pageRequest("/mon-compte/listes", cookie),
    context: backoffice.context(),
    params: {},
  })) as ListsPageView;

export const listPage = async (backoffice: CheckoutBackoffice, cookie: string, id: number) =>
  (await listRoute.loader({
    request: pageRequest(listPath(id), cookie),
    context: backoffice.context(),
    params: { id: String(id) },
  })) as ListPageView;

/** A form as a browser sends it: repeated names (ticked lines) allowed. */
export function postRequest(path: string, fields: Array<[string, string]>, cookie: string): Request {
  return new Request(`http://portail.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A multipart form with a file, as the import form sends it. */
export function fileRequest(path: string, file: File, cookie: string): Request {
  const form = new FormData();
  form.set("intent", "import");
  form.set("fichier", file);
  return new Request(`http://portail.test${path}`, { method: "POST", headers: { cookie }, body: form });
}

export interface Answer {
  status: number;
  location: string | null;
  toast: string | null;
  data: ListPageAnswer | null;
}

type Action = (args: { request: Request; context: ReturnType<CheckoutBackoffice["context"]>; params: Record<string, string> }) => unknown;

/** An action's answer: a redirect (thrown or returned) with its toast, or data drawn again. */
export async function run(backoffice: CheckoutBackoffice, action: Action, request: Request, params: Record<string, string> = {}) {
  let value: unknown;
  try {
    value = await action({ request, context: backoffice.context(), params });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const toast = await flashOf(backoffice, value);
    return { status: value.status, location: value.headers.get("location"), toast: toast?.message ?? null, data: null } satisfies Answer;
  }
  const { data, status } = dataOf<ListPageAnswer>(value);
  return { status, location: null, toast: null, data } satisfies Answer;
}

export const postList = (backoffice: CheckoutBackoffice, cookie: string, id: number, fields: Array<[string, string]>) =>
  run(backoffice, listRoute.action as Action, postRequest(listPath(id), fields, cookie), { id: String(id) });

export const importFile = (backoffice: CheckoutBackoffice, cookie: string, id: number, file: File) =>
  run(backoffice, listRoute.action as Action, fileRequest(listPath(id), file, cookie), { id: String(id) });

export const postLists = (backoffice: CheckoutBackoffice, cookie: string, fields: Array<[string, string]>) =>
  run(backoffice, listsRoute.action as Action, postRequest("/mon-compte/listes?index", fields, cookie));

export const postMake = (backoffice: CheckoutBackoffice, cookie: string, fields: Array<[string, string]>) =>
  run(backoffice, makeRoute.action as Action, postRequest("/mon-compte/listes/ajouter", fields, cookie));

/** The id in « /mon-compte/listes/12 ». */
export function listIdIn(location: string | null): number {
  const match = /^\/mon-compte\/listes\/(\d+)$/.exec(location ?? "");
  if (!match?.[1]) throw new Error(`not a list's page: ${location}`);
  return Number(match[1]);
}

export async function exportOf(backoffice: CheckoutBackoffice, cookie: string, id: number, format: "csv" | "xlsx"): Promise<Response> {
  const route = format === "csv" ? csvRoute : xlsxRoute;
  const path = `${listPath(id)}/export.${format}`;
  return (await route.loader({
    request: pageRequest(path, cookie),
    context: backoffice.context(),
    params: { id: String(id) },
  })) as Response;
}

/** The list page's lines form, every line with its typed quantity and note. */
export function linesFields(view: ListPageView, change: Record<number, { qty?: string; note?: string }> = {}): Array<[string, string]> {
  return view.lines.flatMap((line) => [
    ["produit", String(line.productId)],
    [`qte_${line.productId}`, change[line.productId]?.qty ?? String(line.qty)],
    [`note_${line.productId}`, change[line.productId]?.note ?? line.note],
  ]);
}
