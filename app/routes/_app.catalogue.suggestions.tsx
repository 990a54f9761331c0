import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Suggestion } from "../components/catalogue/SearchBox";
import { MAX_QUERY_LENGTH } from "../services/catalogue-query.server";
import { requireCatalogueUser } from "../services/catalogue-user.server";

const SUGGESTION_COUNT = 8;

/** GET /catalogue/suggestions?q=: up to 8 products for the search box, as JSON (no page). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
  if (q.length < 2) return { suggestions: [] as Suggestion[] };
  const page = await user.upstream.pim
    .listProducts({ usr_id: user.usrId, q, sort: "relevance", page: 1, per_page: SUGGESTION_COUNT })
    .catch(() => null);
  const suggestions: Suggestion[] = (page?.items ?? []).map((item) => ({ id: item.obj_id, ref: item.obj_ref, title: item.obj_title }));
  return { suggestions };
}
