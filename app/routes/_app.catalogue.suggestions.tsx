import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Suggestion } from "~/components/catalogue/SearchBox";
import { SIGNED_IN_CACHE_CONTROL } from "~/services/cache-policy.server";
import { type CatalogueUser, MAX_QUERY_LENGTH, normalizeSearchText, requireCatalogueUser } from "~/services/catalogue/index.server";

const SUGGESTION_COUNT = 8;

const NO_SUGGESTIONS = { suggestions: [] as Suggestion[] };

/**
 * The catalogue user, or null for a contributor who has not chosen a client yet: the header's
 * box asks from every page, and a redirect answered to a fetcher would navigate away while typing.
 */
async function catalogueUserOrNull(args: LoaderFunctionArgs): Promise<CatalogueUser | null> {
  try {
    return await requireCatalogueUser(args);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.get("location") === "/clients") return null;
    throw thrown;
  }
}

async function findSuggestions(args: LoaderFunctionArgs): Promise<{ suggestions: Suggestion[] }> {
  const user = await catalogueUserOrNull(args);
  const q = normalizeSearchText(new URL(args.request.url).searchParams.get("q") ?? "")
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
  if (!user || q.length < 2) return NO_SUGGESTIONS;
  const page = await user.upstream.pim
    .listProducts({ usr_id: user.usrId, q, sort: "relevance", page: 1, per_page: SUGGESTION_COUNT })
    .catch(() => null);
  const suggestions: Suggestion[] = (page?.items ?? []).map((item) => ({ id: item.obj_id, ref: item.obj_ref, title: item.obj_title }));
  return { suggestions };
}

/**
 * GET /catalogue/suggestions?q=: up to 8 products for the search boxes, as JSON (no page). The
 * products are the signed-in customer's (their catalogue, their titles): like the pages, private
 * and not stored (decision 0140), which a resource route must say itself (entry.server only
 * marks documents and page data).
 */
export async function loader(args: LoaderFunctionArgs) {
  return Response.json(await findSuggestions(args), { headers: { "Cache-Control": SIGNED_IN_CACHE_CONTROL } });
}
