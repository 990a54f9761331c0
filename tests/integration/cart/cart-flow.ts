import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import * as cartRoute from "~/routes/_app.mon-panier._index";
import { cookieJar, callRoute, formRequest, pageRequest, responseOf } from "../portal/harness";
import { logIn } from "../portal/session-flow";
import type { CartBackoffice } from "./harness";

/** Logs in through the real /connexion action; returns the browser's cookie. */
export async function cookieFor(backoffice: Pick<CartBackoffice, "context">, login: string): Promise<string> {
  return (await logIn(backoffice, login)).cookie;
}

export async function postAdd(
  backoffice: Pick<CartBackoffice, "context">,
  cookie: string,
  fields: Record<string, string>,
): Promise<Response | unknown> {
  const request = formRequest("/mon-panier/ajouter", fields, cookie);
  try {
    return await callRoute(addRoute.action, request, backoffice.context());
  } catch (thrown) {
    return thrown;
  }
}

export async function postCart(
  backoffice: Pick<CartBackoffice, "context">,
  cookie: string,
  fields: Record<string, string>,
): Promise<Response> {
  return responseOf(() => callRoute(cartRoute.action, formRequest("/mon-panier?index", fields, cookie), backoffice.context()));
}

export type CartPageData = Awaited<ReturnType<typeof cartRoute.loader>>;

export async function cartPage(backoffice: Pick<CartBackoffice, "context">, cookie: string, path = "/mon-panier"): Promise<CartPageData> {
  return cartRoute.loader({ request: pageRequest(path, cookie), context: backoffice.context(), params: {} });
}

/** The flash message a redirect carries, as the next page would show it. */
export async function flashOf(
  backoffice: Pick<CartBackoffice, "context">,
  response: Response,
): Promise<{ type: string; message: string } | null> {
  const cookie = cookieJar("", response);
  const { toast } = await backoffice.context().toasts.take(pageRequest("/", cookie));
  return toast;
}

/** What a data() answer carries (Remix single fetch's DataWithResponseInit), or a plain value. */
export function dataOf<T>(value: unknown): { data: T; status: number } {
  if (typeof value === "object" && value !== null && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: T; init: ResponseInit | null };
    return { data: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { data: value as T, status: 200 };
}
