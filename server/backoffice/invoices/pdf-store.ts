import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { renderInvoicePdf } from "./document/index";
import { loadInvoiceDocument } from "./document-data";

/**
 * The PDF of an invoice, stored once (docs/invoices.md): rendered after its issue, or on its
 * first download when it was loaded in bulk without one; an ERP's document comes with its own
 * PDF, stored when it is filed, and is never rendered. Whoever renders it, the first stored
 * copy wins (`on conflict do nothing`) and every download reads that copy back: the same bytes
 * and the same sha256 every time.
 */

export interface StoredPdf {
  pdf: Uint8Array;
  sha256: string;
}

async function storedPdf(db: Kysely<Database>, invoiceId: number): Promise<StoredPdf | undefined> {
  const row = await db.selectFrom("invoice_documents").select(["pdf", "sha256"]).where("invoice_id", "=", invoiceId).executeTakeFirst();
  return row ? { pdf: toBytes(row.pdf), sha256: row.sha256 } : undefined;
}

/** bytea arrives as a Buffer (pg) or a Uint8Array (PGlite, through its thread). */
function toBytes(value: Uint8Array): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value as ArrayLike<number>);
}

/** The stored PDF of an invoice, rendered and stored first when it has none; undefined without such an invoice. */
export async function invoicePdf(db: Kysely<Database>, invoiceId: number): Promise<StoredPdf | undefined> {
  const stored = await storedPdf(db, invoiceId);
  if (stored) return stored;
  const invoice = await db.selectFrom("invoices").select("issued_by").where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  // An ERP's document is the PDF it sent, stored with it (erp-issue.ts): never drawn here.
  if (invoice.issued_by === "erp") throw new Error(`invoice ${invoiceId}, issued by the ERP, has no stored PDF`);
  const document = await loadInvoiceDocument(db, invoiceId);
  if (!document) return undefined;
  const pdf = await renderInvoicePdf(document);
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  await db
    .insertInto("invoice_documents")
    .values({ invoice_id: invoiceId, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), sha256 })
    .onConflict((oc) => oc.column("invoice_id").doNothing())
    .execute();
  return storedPdf(db, invoiceId);
}
