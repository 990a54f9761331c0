import express, { Router } from "express";
import {
  CERTIFICATE_MAX_BYTES,
  attachmentDisposition,
  certificateUploadRequest,
  fileNameForType,
  safeFileName,
  sniffCertificateMime,
} from "@shared/contracts/certificates";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure, notFound } from "../http/errors";
import { requireClientAccount, requireFlag, requireSession, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { certificatesDb, findCertificate, storeCertificate } from "./store";

const CER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A certificate goes with a line of a client's cart, which a contributor reaches after login-as only (decision 0132). */
const CERTIFICATE_IS_A_CLIENTS = "un certificat accompagne le panier d'une organisation cliente";

/**
 * /api/oms/certificates: MMSI certificate files. Mounted before the API's 1 MB JSON parser
 * because a 5 MB file travels base64-encoded (about 6.7 MB of JSON). The type is checked by
 * content; a file is served only to the organization that sent it, as an attachment.
 */
export function certificatesRouter(deps: ServiceDeps): Router {
  const db = certificatesDb(deps.db);
  const { dir } = deps.certificates;
  const router = Router();
  router.use(requireSession(deps));
  router.use(express.json({ limit: "7mb" }));
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.post(
    "/",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      requireClientAccount(session, CERTIFICATE_IS_A_CLIENTS);
      requireFlag(session, "cart");
      const body = parseInput(certificateUploadRequest, req.body);
      const bytes = Buffer.from(body.content_base64, "base64");
      if (bytes.length > CERTIFICATE_MAX_BYTES) throw new ApiFailure(413, "file_too_large", "Le certificat dépasse 5 Mo.");
      const mime = sniffCertificateMime(bytes);
      if (mime === null) throw new ApiFailure(415, "unsupported_file", "Le certificat doit être un fichier PDF, JPEG ou PNG.");
      const product = await deps.db.selectFrom("products").select(["id", "is_mmsi"]).where("id", "=", body.product_id).executeTakeFirst();
      if (!product?.is_mmsi) throw new ApiFailure(422, "not_mmsi_product", "Ce produit ne demande pas de certificat MMSI.");
      const record = await storeCertificate(db, dir, {
        orgId: session.org.id,
        productId: product.id,
        userId: session.user.id,
        mmsi: body.mmsi,
        fileName: fileNameForType(safeFileName(body.file_name), mime),
        mime,
        bytes,
      });
      res.status(201).json(record);
    }),
  );

  /**
   * The portal gave up the change that was to attach this certificate (its save failed): the
   * row and the file go, unless the cart or an order refers to it (409) (decision 0142).
   */
  router.delete(
    "/:cerId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      requireClientAccount(session, CERTIFICATE_IS_A_CLIENTS);
      requireFlag(session, "cart");
      const cerId = String(req.params.cerId ?? "");
      const found = CER_ID.test(cerId)
        ? await db
            .selectFrom("certificates")
            .select("cer_id")
            .where("cer_id", "=", cerId)
            .where("org_id", "=", session.org.id)
            .executeTakeFirst()
        : undefined;
      if (!found) throw notFound();
      const deleted = await deps.certificates.dropUnused(session.org.id, [cerId]);
      if (deleted.length === 0)
        throw new ApiFailure(
          409,
          "certificate_in_use",
          "Ce certificat est joint au panier ou à une commande : retirez-le du panier pour le supprimer.",
        );
      res.status(204).end();
    }),
  );

  router.get(
    "/:cerId",
    asyncHandler(async (req, res) => {
      const cerId = String(req.params.cerId ?? "");
      const found = CER_ID.test(cerId) ? await findCertificate(db, dir, sessionOf(res).org.id, cerId) : undefined;
      if (!found) throw notFound();
      res.set("X-Content-Type-Options", "nosniff");
      if (req.query.format === "base64") {
        res.json({ ...found.record, content_base64: found.bytes.toString("base64") });
        return;
      }
      res.set("Content-Type", found.record.mime);
      res.set("Content-Disposition", attachmentDisposition(found.record.file_name));
      res.send(found.bytes);
    }),
  );

  return router;
}
