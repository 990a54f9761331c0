import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReturnsUser, returnPhoto } from "~/services/returns/index.server";

/** /mon-compte/retours/{number}/photos/{photoId}: one photo of the organization's return (PNG or JPEG, nosniff). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReturnsUser(args);
  return returnPhoto(user, args.params.number, args.params.photoId);
}
