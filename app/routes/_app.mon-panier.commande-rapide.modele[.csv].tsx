import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/guards.server";
import { quickOrderTemplate } from "~/services/quick-order/index.server";

/** /mon-panier/commande-rapide/modele.csv: the CSV template the quick order's upload reads (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return quickOrderTemplate();
}
