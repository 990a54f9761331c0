import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { CERTIFICATE_MAX_BYTES } from "@shared/contracts/certificates";
import { assertCanChangeCart, attachCertificate, cartFailureOf, certificateIntent, detachCertificate, fileField, readUploadForm, redirectWithToast, textFields, UploadTooLarge } from "~/services/cart/index.server";
import { requireUser } from "~/services/guards.server";

/** Resource route of the certificate forms of /mon-panier: attach (multipart) and detach. */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return redirect("/mon-panier");
}

export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const back = (type: "success" | "error", message: string) => redirectWithToast(args.context, "/mon-panier", { type, message });
  try {
    // Refused before the upload is even read: no right, no file kept in memory.
    assertCanChangeCart(active);
    // A little room above 5 MB for the part's headers; certificateBytes checks the exact size.
    const form = await readUploadForm(args.request, CERTIFICATE_MAX_BYTES + 1);
    const parsed = certificateIntent.safeParse(textFields(form));
    if (!parsed.success) return back("error", parsed.error.issues[0]?.message ?? "Formulaire invalide.");
    if (parsed.data.intent === "detach") {
      await detachCertificate(args.context, active, parsed.data.lineId, parsed.data.cerId);
      return back("success", "Certificat retiré.");
    }
    await attachCertificate(args.context, active, { lineId: parsed.data.lineId, mmsi: parsed.data.mmsi, file: fileField(form, "file") });
    return back("success", `Certificat MMSI ${parsed.data.mmsi} joint.`);
  } catch (error) {
    if (error instanceof UploadTooLarge) return back("error", "Le certificat dépasse 5 Mo.");
    return back("error", cartFailureOf(error, args.context, active, "certificate").message);
  }
}
