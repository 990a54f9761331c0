import { createHash } from "node:crypto";
import { Router, type Response } from "express";
import type { Kysely } from "kysely";
import { parisDate } from "@shared/domain/index";
import type { Database } from "../../db/schema";
import { asyncHandler } from "../../http/async-handler";
import type { ServiceDeps } from "../../http/deps";
import { notFound } from "../../http/errors";
import { parseIdParam } from "../../http/validate";
import { loadBuyer, loadSeller } from "../../documents/parties";
import { customerCaller, salesCaller, type QuoteCaller } from "../access";
import { loadQuoteDetail } from "../queries";
import { proposalDocument, type QuoteRepresentative } from "./model";
import { renderQuotePdf } from "./pdf";

/**
 * The PDF of a proposal version (docs/quote-pdf.md): GET …/quotes/:id/proposals/:version/pdf,
 * for the customer under /oms (the detail's access rules: its organization's quotes, the
 * `quotes` flag) and for the linked representative under /sales. Drawn on each download from
 * the stored version (never changed) and the parties' current details: not stored, the ETag
 * is the hash of the bytes.
 */

/** The proposal's author, with the title and address the client may write to. */
async function representativeOf(db: Kysely<Database>, author: { usr_id: number | null; name: string }): Promise<QuoteRepresentative> {
  const user =
    author.usr_id === null
      ? undefined
      : await db.selectFrom("users").select(["name", "title", "login"]).where("id", "=", author.usr_id).executeTakeFirst();
  return {
    name: user?.name ?? author.name,
    title: user?.title ? user.title : null,
    email: user && user.login.includes("@") ? user.login : null,
  };
}

function proposalPdfRouter(deps: ServiceDeps, callerOf: (res: Response) => QuoteCaller): Router {
  const { db, now } = deps;
  const router = Router();
  router.get(
    "/quotes/:quoId/proposals/:version/pdf",
    asyncHandler(async (req, res) => {
      const caller = callerOf(res);
      const quoId = parseIdParam(req.params.quoId);
      const version = parseIdParam(req.params.version);
      if (quoId === null || version === null) throw notFound();
      const quote = await loadQuoteDetail(db, quoId, { scope: caller.scope, side: caller.side, prices: caller.prices }, now());
      const proposal = quote?.proposals.find((candidate) => candidate.version === version);
      if (!quote || !proposal) throw notFound();
      const [seller, buyer, representative] = await Promise.all([
        loadSeller(db),
        loadBuyer(db, quote.org_id, null),
        representativeOf(db, proposal.author),
      ]);
      // The page hides amounts from an account without `prices`; so does its PDF (decision 0107).
      const doc = proposalDocument(quote, version, { seller, buyer, representative }, parisDate, caller.prices);
      if (!doc) throw notFound();
      const pdf = Buffer.from(await renderQuotePdf(doc));
      res.set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${quote.number}-v${version}.pdf"`,
        ETag: `"${createHash("sha256").update(pdf).digest("hex")}"`,
      });
      res.send(pdf);
    }),
  );
  return router;
}

/** Under /oms, behind requireSession: the customer's own quotes. */
export function customerQuotePdfRouter(deps: ServiceDeps): Router {
  return proposalPdfRouter(deps, customerCaller);
}

/** Under /sales, behind requireSession: the quotes of the representative's linked clients. */
export function salesQuotePdfRouter(deps: ServiceDeps): Router {
  return proposalPdfRouter(deps, salesCaller);
}
