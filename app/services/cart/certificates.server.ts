import { z } from "zod";
import { CERTIFICATE_MAX_BYTES, mmsiNumber, safeFileName, sniffCertificateMime } from "@shared/contracts/certificates";
import { isMmsiProduct } from "@shared/domain/index";
import { assertCanChangeCart, CartRefused, changeCart, type CartChangeResult } from "./cart.server";
import { cartFailureOf } from "./failure.server";
import { fileField, readUploadForm, UploadTooLarge } from "./upload.server";
import type { PortalLoadContext } from "~/services/context.server";
import { parseForm } from "~/services/forms/parse.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import type { ActiveUser } from "~/services/guards.server";
import { plural } from "@shared/domain/plural";

/**
 * MMSI certificates of a cart line: the file is checked here (size, content) before it is
 * sent to the back-office, which checks again and keeps it; the line then references it.
 */

export const certificateIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("attach"), lineId: z.string().min(1).max(100), mmsi: mmsiNumber }),
  z.object({ intent: z.literal("detach"), lineId: z.string().min(1).max(100), cerId: z.string().min(1).max(100) }),
]);
export type CertificateIntent = z.infer<typeof certificateIntent>;

/** Reads and checks a certificate file: at most 5 MB, and a PDF, JPEG or PNG by its bytes. */
export async function certificateBytes(file: File | null): Promise<Uint8Array> {
  if (file === null) throw new CartRefused(400, "Choisissez le fichier du certificat.");
  if (file.size > CERTIFICATE_MAX_BYTES) throw new CartRefused(413, "Le certificat dépasse 5 Mo.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffCertificateMime(bytes) === null) {
    throw new CartRefused(415, "Le certificat doit être un fichier PDF, JPEG ou PNG (son contenu est vérifié, pas son nom).");
  }
  return bytes;
}

export async function attachCertificate(
  context: PortalLoadContext,
  active: ActiveUser,
  input: { lineId: string; mmsi: string; file: File | null },
): Promise<CartChangeResult> {
  assertCanChangeCart(active);
  const bytes = await certificateBytes(input.file);
  const { cart } = await active.upstream.oms.getCart(active.session.user.auth_org_id);
  const line = cart.products.find((candidate) => candidate.line_id === input.lineId && !candidate.prd_is_port);
  if (!line) throw new CartRefused(400, "Cette ligne n'est plus dans le panier.");
  if (!isMmsiProduct(line)) throw new CartRefused(400, "Ce produit ne demande pas de certificat MMSI.");
  if (line.certificates.length >= line.qty)
    throw new CartRefused(400, `Cette ligne a déjà ${plural(line.qty, "son certificat", `ses ${line.qty} certificats`)}.`);
  const record = await active.upstream.certificates.upload({
    mmsi: input.mmsi,
    file_name: safeFileName(input.file?.name ?? ""),
    product_id: line.obj_id,
    content_base64: Buffer.from(bytes).toString("base64"),
  });
  try {
    return await changeCart(context, active, {
      type: "attachCertificate",
      lineId: line.line_id,
      certificate: { cer_id: record.cer_id, mmsi: record.mmsi, file_name: record.file_name },
    });
  } catch (error) {
    // The file is stored but no line names it: delete it now rather than keep a person's
    // licence for nothing (the back-office's purge is the net if this call fails too).
    await active.upstream.certificates.remove(record.cer_id).catch(() => undefined);
    throw error;
  }
}

export function detachCertificate(
  context: PortalLoadContext,
  active: ActiveUser,
  lineId: string,
  cerId: string,
): Promise<CartChangeResult> {
  return changeCart(context, active, { type: "detachCertificate", lineId, cerId });
}

/** The certificate forms of /mon-panier: attach (multipart, with the file) or detach. */
export async function saveCertificateForm(context: PortalLoadContext, active: ActiveUser, request: Request): Promise<Outcome> {
  try {
    // Refused before the upload is even read: no right, no file kept in memory.
    assertCanChangeCart(active);
    // A little room above 5 MB for the part's headers; certificateBytes checks the exact size.
    const form = await readUploadForm(request, CERTIFICATE_MAX_BYTES + 1);
    const parsed = parseForm(form, certificateIntent);
    if (!parsed.ok) return refused(400, parsed.formError);
    if (parsed.data.intent === "detach") {
      await detachCertificate(context, active, parsed.data.lineId, parsed.data.cerId);
      return saved("Certificat retiré.");
    }
    await attachCertificate(context, active, { lineId: parsed.data.lineId, mmsi: parsed.data.mmsi, file: fileField(form, "file") });
    return saved(`Certificat MMSI ${parsed.data.mmsi} joint.`);
  } catch (error) {
    if (error instanceof UploadTooLarge) return refused(413, "Le certificat dépasse 5 Mo.");
    return cartFailureOf(error, context, active, "certificate");
  }
}
