import { Router, type Request } from "express";
import { platformStatusRequest } from "@shared/contracts/einvoicing";
import { erpInvoiceRequest } from "@shared/contracts/erp-invoices";
import {
  creditNoteRequest,
  ERP_INVOICE_NUMBER,
  paymentRequest,
  PORTAL_INVOICE_NUMBER,
  serviceInvoiceListQuery,
} from "@shared/contracts/invoices";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { serviceOf } from "../http/service";
import { parseInput } from "../http/validate";
import { issueErpInvoice } from "./erp-issue";
import { issueCreditNote, unknownInvoice } from "./issue";
import { invoicePdf } from "./pdf-store";
import { recordPayment } from "./payments";
import { recordPlatformStatus } from "./platform-statuses";
import { listAllInvoices, loadInvoiceDetail } from "./queries";

/**
 * An invoice number from the path, percent-encoded by the caller (« AV%2F2026%2F0007 »): the
 * portal's (FA-2026-000123) upper-cased, an ERP's as written; anything else names no invoice.
 */
function invoiceRef(req: Request): string {
  const raw = req.params.number ?? "";
  if (PORTAL_INVOICE_NUMBER.test(raw)) return raw.toUpperCase();
  if (!ERP_INVOICE_NUMBER.test(raw)) throw unknownInvoice(raw.slice(0, 40));
  return raw;
}

const creditNotesByErp = (number: string) =>
  new ApiFailure(
    409,
    "invoices_issued_by_erp",
    `Avoir sur ${number} refusé : sur ce portail, votre ERP émet les factures et leurs avoirs (INVOICES_ISSUED_BY=erp). Envoyez l'avoir de votre ERP par POST /api/erp/invoices.`,
  );

/** A step's instant may be a few minutes ahead of this server's clock (the ERP's own clock). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** When the credit note is issued: the instant or date sent (not in the future), or now. */
function issueInstant(sent: string | undefined, now: Date): Date {
  if (sent === undefined) return now;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(sent) ? new Date(Math.min(now.getTime(), new Date(`${sent}T12:00:00Z`).getTime())) : new Date(sent);
  if (/^\d{4}-\d{2}-\d{2}$/.test(sent) ? sent > parisDate(now) : at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new ApiFailure(422, "invalid_date", "La date indiquée est dans le futur.", {
      issues: [{ path: "at", message: "Date dans le futur." }],
    });
  }
  return at;
}

/**
 * The distributor's systems on invoices (docs/invoices.md), mounted at /api/erp behind
 * requireService: every organization's list, one invoice by its number, the ERP's own invoice or
 * credit note, a payment received (or a credit note used), a credit note for a quantity
 * cancelled or returned, a status of the plateforme agréée (decision 0185).
 */
export function serviceInvoicesRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  async function answerInvoice(number: string) {
    const invoice = await loadInvoiceDetail(db, { number }, parisDate(now()));
    if (!invoice) throw unknownInvoice(number);
    return invoice;
  }

  router.get(
    "/invoices",
    asyncHandler(async (req, res) => {
      const { org, status, page, size } = parseInput(serviceInvoiceListQuery, req.query);
      res.json(await listAllInvoices(db, { orgRef: org || undefined, status }, { page, size }, parisDate(now())));
    }),
  );

  router.get(
    "/invoices/:number",
    asyncHandler(async (req, res) => {
      res.json(await answerInvoice(invoiceRef(req)));
    }),
  );

  // The ERP's own invoice or credit note, with its PDF (decision 0184); its JSON parser is app.ts's 8 MB one.
  router.post(
    "/invoices",
    asyncHandler(async (req, res) => {
      const request = parseInput(erpInvoiceRequest, req.body);
      const issued = await issueErpInvoice(db, { request, issuedBy: deps.invoicesIssuedBy, author: serviceOf(res).name, now: now() });
      // Told once it has committed, as a shipment's invoice (alerts/: a credit note alerts nobody).
      if (issued.created) deps.alerts.notify({ kind: "invoice_issued", invoiceId: issued.id });
      res.status(issued.created ? 201 : 200).json(await answerInvoice(issued.number));
    }),
  );

  router.post(
    "/invoices/:number/payments",
    asyncHandler(async (req, res) => {
      const number = invoiceRef(req);
      const request = parseInput(paymentRequest, req.body);
      await recordPayment(db, { number, request, author: serviceOf(res).name, now: now() });
      res.status(201).json(await answerInvoice(number));
    }),
  );

  router.post(
    "/invoices/:number/statuses",
    asyncHandler(async (req, res) => {
      const number = invoiceRef(req);
      const request = parseInput(platformStatusRequest, req.body);
      await recordPlatformStatus(db, { number, request, author: serviceOf(res).name, now: now() });
      res.status(201).json(await answerInvoice(number));
    }),
  );

  router.post(
    "/invoices/:number/credit-notes",
    asyncHandler(async (req, res) => {
      const number = invoiceRef(req);
      // When the ERP issues the invoices it issues their credit notes too: the portal numbers nothing.
      if (deps.invoicesIssuedBy === "erp") throw creditNotesByErp(number);
      const body = parseInput(creditNoteRequest, req.body);
      const at = issueInstant(body.at, now());
      const issued = await db
        .transaction()
        .execute((trx) => issueCreditNote(trx, { number, reason: body.reason, lines: body.lines, at, author: serviceOf(res).name }));
      try {
        await invoicePdf(db, issued.id);
      } catch (error) {
        console.error({ err: error, invoiceId: issued.id }, "credit note PDF not rendered");
      }
      res.status(201).json(await answerInvoice(issued.number));
    }),
  );

  return router;
}
