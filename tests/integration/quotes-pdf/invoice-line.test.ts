import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { renderInvoicePdf } from "../../../server/backoffice/invoices/document/index";
import { standardInvoice } from "../../unit/backoffice/invoice-document-fixtures";

/** An invoice line ordered at a quote's price names the quote under its designation (docs/quote-pdf.md). */
describe("an invoice line from a quote", () => {
  it("prints « Prix du devis DV-… » under the designation of that line only", async () => {
    const doc = standardInvoice();
    const [first, ...rest] = doc.lines;
    if (!first) throw new Error("fixture without lines");
    const pdf = await renderInvoicePdf({
      ...doc,
      lines: [{ ...first, quote_number: "DV-2026-000042" }, ...rest.map((line) => ({ ...line, quote_number: null }))],
    });
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const folded = text.replace(/[\s\u00a0\u202f]+/g, " ");
    expect(folded).toContain(`${first.obj_ref} ${first.title} Prix du devis DV-2026-000042`);
    expect(folded.split("Prix du devis").length - 1).toBe(1);
  });
});
