import { DEMO_PASSWORD, callRoute, cookieJar, formRequest, responseOf, startBackoffice, type SeededBackoffice } from "../portal/harness";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";

/**
 * The portal harness (tests/integration/portal/harness.ts) over the small demo data set: the
 * real back-office (favourites included) on 127.0.0.1:<random>, with its database at hand.
 */
export type CatalogueBackoffice = SeededBackoffice;

/** `upstreamFetch`: the portal's calls through a fetch the test observes (default: undici). */
export function startCatalogueBackoffice(options: { upstreamFetch?: typeof fetch } = {}): Promise<CatalogueBackoffice> {
  return startBackoffice({ seedSize: "small", ...options });
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: CatalogueBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type Loader = (args: { request: Request; context: PortalLoadContext; params: Record<string, string> }) => unknown;

/** Calls a loader or action as Remix does, with route params. */
export async function run<T>(
  fn: (args: never) => Promise<T>,
  backoffice: CatalogueBackoffice,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  return (fn as unknown as Loader)({ request, context: backoffice.context(), params }) as Promise<T>;
}

/** The search box's suggestions, read from the JSON answer of /catalogue/suggestions. */
export async function suggestionsOf(answer: Response): Promise<{ suggestions: Array<{ id: number; ref: string; title: string }> }> {
  return (await answer.json()) as { suggestions: Array<{ id: number; ref: string; title: string }> };
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: { cookie } });
}

export const LOGINS = {
  organization: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  storekeeper: "magasinier@voilerie-atlantique.fr",
  consultant: "consultant@voilerie-atlantique.fr",
  suspension: "achats@chantier-naval-suspension.fr",
  corsica: "contact@nautisme-ajaccio.fr",
  sales: "commercial@nautidistrib.fr",
} as const;
