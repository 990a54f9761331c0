import { Router, type Request } from "express";
import { platformStatusRequest } from "@shared/contracts/einvoicing";
import { creditNoteRequest, paymentRequest, serviceInvoiceListQuery } from "@shared/contracts/invoices";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { serviceOf } from "../http/service";
import { parseInput } from "../http/validate";
import { issueCreditNote, unknownInvoice } from "./issue";
import { invoicePdf } from "./pdf-store";
import { recordPayment } from "./payments";
import { recordPlatformStatus } from "./platform-statuses";
import { listAllInvoices, loadInvoiceDetail } from "./queries";

/** An invoice number from the path (FA-2026-000123), upper-cased; anything else names no invoice. */
function invoiceRef(req: Request): string {
  const raw = (req.params.number ?? "").toUpperCase();
  if (!/^(FA|AV)-\d{4}-\d{6}$/.test(raw)) throw unknownInvoice(raw.slice(0, 30));
  return raw;
}

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
 * requireService: every organization's list, one invoice by its number, a payment received
 * (or a credit note used), a credit note for a quantity cancelled or returned, a status of the
 * plateforme agréée (decision 0185).
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
