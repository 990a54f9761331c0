import { createHash } from "node:crypto";
import { Router } from "express";
import { asyncHandler } from "../../http/async-handler";
import type { ServiceDeps } from "../../http/deps";
import { ApiFailure, notFound } from "../../http/errors";
import { returnNumberParam, returnsCaller } from "../routes";
import { loadReturnSlip } from "./data";
import { renderReturnSlipPdf } from "./pdf";

/**
 * GET /api/returns/:orgId/:number/slip (decision 0207), mounted at /returns behind
 * requireSession: the return slip of one of the organization's returns, with the access of the
 * other customer calls on returns (`orders`, a contributor after login-as; another
 * organization's return is a 404), once the return is accepted. Drawn on each download.
 */
export function customerReturnSlipRouter(deps: ServiceDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/:orgId/:number/slip",
    asyncHandler(async (req, res) => {
      const { orgId } = returnsCaller(req, res);
      const number = returnNumberParam(req);
      const row = await db.selectFrom("returns").select("id").where("org_id", "=", orgId).where("number", "=", number).executeTakeFirst();
      if (!row) throw notFound();
      const doc = await loadReturnSlip(db, row.id);
      if (!doc)
        throw new ApiFailure(
          404,
          "no_slip",
          `Le retour ${number} n'a pas de bon de retour : il est disponible une fois le retour accepté.`,
        );
      const pdf = Buffer.from(await renderReturnSlipPdf(doc));
      res.set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${number}.pdf"`,
        ETag: `"${createHash("sha256").update(pdf).digest("hex")}"`,
      });
      res.send(pdf);
    }),
  );
  return router;
}
