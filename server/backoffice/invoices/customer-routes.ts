import { Router, type Response } from "express";
import { zipSync, type Zippable } from "fflate";
import { invoiceArchiveRequest, invoiceListQuery } from "@shared/contracts/invoices";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { forbidden, notFound } from "../http/errors";
import { assertActingOrg, requireFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { invoicePdf } from "./pdf-store";
import { listOrganizationInvoices, loadInvoiceDetail } from "./queries";

/**
 * The file name of an invoice's PDF: its number with what a file name cannot hold (« / » of an
 * ERP's « AV/2026/0007 », a space) turned into « _ »: « AV_2026_0007.pdf ».
 */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
}

/**
 * What a portal user reads of the organization's invoices (docs/invoices.md), mounted under
 * /oms behind requireSession: the list with the account's position, one invoice, its PDF, a
 * ZIP of several. Every call needs the `invoices` flag; a contributor acts through login-as;
 * another organization's invoice does not exist (404), and a ZIP naming one is refused whole.
 */
export function customerInvoicesRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  /** The caller, once it is an organization's account with the `invoices` flag. */
  function customer(res: Response): Session {
    const session = sessionOf(res);
    if (session.user.class === "contributor") {
      throw forbidden("Choisissez d'abord le client pour lequel vous agissez : les factures sont celles d'une organisation cliente.");
    }
    requireFlag(session, "invoices");
    return session;
  }

  router.get(
    "/invoices",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const { org_id, page, size, from, to, status, kind, number, order_ref, ord_id, min_ttc, max_ttc } = parseInput(
        invoiceListQuery,
        req.query,
      );
      assertActingOrg(session, org_id);
      const filters = {
        from,
        to,
        status,
        kind,
        number: number || undefined,
        orderRef: order_ref || undefined,
        orderId: ord_id,
        minTtc: min_ttc,
        maxTtc: max_ttc,
      };
      res.json(await listOrganizationInvoices(db, org_id, filters, { page, size }, parisDate(now())));
    }),
  );

  router.get(
    "/invoices/:invId",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const id = parseIdParam(req.params.invId);
      const invoice = id === null ? undefined : await loadInvoiceDetail(db, { orgId: session.org.id, invoiceId: id }, parisDate(now()));
      if (!invoice) throw notFound();
      res.json(invoice);
    }),
  );

  router.get(
    "/invoices/:invId/pdf",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const id = parseIdParam(req.params.invId);
      const invoice =
        id === null
          ? undefined
          : await db
              .selectFrom("invoices")
              .select(["id", "number"])
              .where("id", "=", id)
              .where("org_id", "=", session.org.id)
              .executeTakeFirst();
      if (!invoice) throw notFound();
      const stored = await invoicePdf(db, invoice.id);
      if (!stored) throw notFound();
      res.set({
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFileName(invoice.number)}"`,
        ETag: `"${stored.sha256}"`,
      });
      res.send(Buffer.from(stored.pdf.buffer, stored.pdf.byteOffset, stored.pdf.byteLength));
    }),
  );

  router.post(
    "/invoices/archive",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const body = parseInput(invoiceArchiveRequest, req.body);
      assertActingOrg(session, body.org_id);
      const ids = [...new Set(body.ids)];
      const invoices = await db
        .selectFrom("invoices")
        .select(["id", "number"])
        .where("org_id", "=", body.org_id)
        .where("id", "in", ids)
        .orderBy("number")
        .execute();
      // All of the organization's or nothing: one foreign id refuses the whole archive.
      if (invoices.length !== ids.length) throw notFound();
      const files: Zippable = {};
      for (const invoice of invoices) {
        const stored = await invoicePdf(db, invoice.id);
        if (!stored) throw notFound();
        // Two numbers may give one file name (« AV/1 », « AV_1 »): the second gets its id.
        const name = pdfFileName(invoice.number);
        const entry = name in files ? `${name.slice(0, -4)}-${invoice.id}.pdf` : name;
        // A PDF is compressed already: stored as is.
        files[entry] = [stored.pdf, { level: 0 }];
      }
      const zip = zipSync(files);
      res.set({ "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="factures-${parisDate(now())}.zip"` });
      res.send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    }),
  );

  return router;
}
