import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/guards.server";
import { partNumbersTemplate } from "~/services/part-numbers/index.server";

/** /mon-compte/references/modele.csv: the CSV template the codes' import reads (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return partNumbersTemplate();
}
