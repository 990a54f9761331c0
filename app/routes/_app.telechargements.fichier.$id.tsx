import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadFile } from "~/services/downloads/index.server";
import { requireUser } from "~/services/guards.server";

/**
 * /telechargements/fichier/{id}: a document's file (a resource route). Signed-in users only;
 * a document the organization may not have is a 404, never its bytes (decision 0122).
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  return downloadFile(user, args.params.id);
}
