import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { parisDate } from "@shared/domain/index";
import { proposalDocument, renderQuotePdf, type QuoteProposalDocument } from "../../../server/backoffice/quotes/document/index";
import { BUYER, REPRESENTATIVE, SELLER, sampleQuote } from "./fixtures";

/**
 * The proposal PDF (docs/quote-pdf.md) drawn from a quote as the contract answers it: the text
 * names both parties, the number and version, the validity, every line with its quoted price in
 * French format, the replacement product and the note, the totals and the conditions.
 */

const fold = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, " ").trim();
const parties = { seller: SELLER, buyer: BUYER, representative: REPRESENTATIVE };

function documentOf(version: number): QuoteProposalDocument {
  const doc = proposalDocument(sampleQuote(), version, parties, parisDate);
  if (!doc) throw new Error(`no version ${version}`);
  return doc;
}

async function textOf(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return { text: fold(text), pages: totalPages };
}

describe("the proposal PDF", () => {
  it("prints the number, the version, the dates and the validity in French format", async () => {
    const { text } = await textOf(await renderQuotePdf(documentOf(2)));
    expect(text).toContain("DEVIS");
    expect(text).toContain("N° DV-2026-000042 — version 2");
    expect(text).toContain("Date de la proposition : 23/11/2026");
    expect(text).toContain("Demande du 20/11/2026");
    expect(text).toContain("Valable jusqu'au 12/12/2026");
    expect(text).toContain("Votre référence : Refit Gwalarn");
  });

  it("names the distributor with its legal details, the client and the representative", async () => {
    const { text } = await textOf(await renderQuotePdf(documentOf(2)));
    expect(text).toContain("Distribution Atlantique");
    expect(text).toContain("SAS au capital de 250 000,00 €");
    expect(text).toContain("SIREN 812345678 — SIRET 81234567800012");
    expect(text).toContain("N° TVA intracommunautaire : FR32812345678");
    expect(text).toContain("Voilerie Atlantique 4 quai des Indes 56100 Lorient Code client : C0001");
    expect(text).toContain("Votre interlocuteur Yann Le Gall Commercial Bretagne commercial@nautidistrib.fr");
  });

  it("prints each line with its quoted unit price, ecotax and total, the replacement product and the note", async () => {
    const { text } = await textOf(await renderQuotePdf(documentOf(2)));
    expect(text).toContain("Référence Désignation Qté P.U. HT Éco-part. unit. HT Total HT");
    expect(text).toContain("WIN-40ST Winch self-tailing 40 ST 2 1 234,56 € — 2 469,12 €");
    expect(text).toContain(
      "BLK-57 Poulie simple 57 mm à plat pont Produit de remplacement de : BLK-50 — Poulie simple 50 mm Note : Le modèle demandé n'est plus fabriqué. 6 39,90 € 0,12 € 239,40 €",
    );
    expect(text).toContain("MAN-10 Manivelle de winch 10 pouces 1 29,00 €");
    // The usual price is the customer's business, not the offer's.
    expect(text).not.toContain("989,00");
  });

  it("adds up the totals before tax, with and without ecotax, and prints the conditions", async () => {
    const { text } = await textOf(await renderQuotePdf(documentOf(2)));
    expect(text).toContain("Total HT 2 737,52 €");
    expect(text).toContain("Éco-participation HT 0,72 €");
    expect(text).toContain("Total HT éco-participation comprise 2 738,24 €");
    expect(text).toContain("Prix unitaires fermes jusqu'au 12/12/2026 inclus");
    expect(text).toContain("Livraison franco à partir de 300 € HT. Paiement à 45 jours fin de mois.");
    expect(text).toContain("Page 1 / 1");
  });

  it("keeps an older version readable, saying it was replaced", async () => {
    const { text } = await textOf(await renderQuotePdf(documentOf(1)));
    expect(text).toContain("N° DV-2026-000042 — version 1");
    expect(text).toContain("Valable jusqu'au 05/12/2026");
    expect(text).toContain("Cette version a été remplacée par la version 2");
    expect(text).toContain("WIN-40ST Winch self-tailing 40 ST 2 890,00 € — 1 780,00 €");
    expect(text).not.toContain("MAN-10");
  });

  it("shows no amount to an account without `prices`", async () => {
    const doc = proposalDocument(sampleQuote(), 2, parties, parisDate, false);
    if (!doc) throw new Error("no version 2");
    const { text } = await textOf(await renderQuotePdf(doc));
    expect(text).toContain("Référence Désignation Qté WIN-40ST Winch self-tailing 40 ST 2");
    expect(text).toContain("Produit de remplacement de : BLK-50");
    expect(text).toContain("Les prix de ce devis ne sont pas affichés pour votre compte");
    expect(text).toContain("Valable jusqu'au 12/12/2026");
    for (const amount of ["P.U. HT", "Total HT", "1 234,56", "39,90", "2 737,52"]) expect(text).not.toContain(amount);
  });

  it("has no document for a version the quote does not have", () => {
    expect(proposalDocument(sampleQuote(), 3, parties, parisDate)).toBeUndefined();
  });

  it("runs on as many pages as the lines need, the table header repeated", async () => {
    const quote = sampleQuote();
    const latest = quote.proposals[1];
    if (!latest) throw new Error("fixture without version 2");
    const many = Array.from({ length: 70 }, (_, index) => ({
      ...latest.lines[2]!,
      position: index + 1,
      obj_ref: `MAN-${index + 1}`,
      answers_position: null,
    }));
    const long = proposalDocument({ ...quote, proposals: [{ ...latest, lines: many }] }, 2, parties, parisDate);
    if (!long) throw new Error("no document");
    const { text, pages } = await textOf(await renderQuotePdf(long));
    expect(pages).toBeGreaterThan(1);
    // The table's header on each page it runs on; every page after the first says whose it is.
    expect(text.split("Référence Désignation Qté").length - 1).toBeGreaterThanOrEqual(2);
    expect(text.split("Devis N° DV-2026-000042 — version 2 (suite) — Distribution Atlantique").length - 1).toBe(pages - 1);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(text).toContain("MAN-70 Manivelle de winch 10 pouces");
  });

  it("gives the same bytes for the same version", async () => {
    const once = await renderQuotePdf(documentOf(2));
    const again = await renderQuotePdf(documentOf(2));
    expect(Buffer.from(again).equals(Buffer.from(once))).toBe(true);
    expect(Buffer.from(await renderQuotePdf(documentOf(1))).equals(Buffer.from(once))).toBe(false);
  });
});
