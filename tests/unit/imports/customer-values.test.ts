import { describe, expect, it } from "vitest";
import {
  parseAccountingCategory,
  parseCountry,
  parsePaymentTerms,
  parseSiret,
  parseVatNumber,
  splitLogins,
  vatSiretProblem,
} from "../../../server/backoffice/imports/feeds/customer-values";

/** The customers feed's values (docs/integration.md): payment terms, categories, countries, company numbers. */
describe("the customers feed's values", () => {
  it("reads payment terms as people and exports write them", () => {
    const read = (raw: string) => parsePaymentTerms(raw);
    expect(read("30 jours")).toEqual({ ok: true, value: { days: 30, end_of_month: false } });
    expect(read("45 jours fin de mois")).toEqual({ ok: true, value: { days: 45, end_of_month: true } });
    expect(read("45 Jours Fin De Mois")).toEqual({ ok: true, value: { days: 45, end_of_month: true } });
    expect(read("30J FDM")).toEqual({ ok: true, value: { days: 30, end_of_month: true } });
    expect(read("60 j. net")).toEqual({ ok: true, value: { days: 60, end_of_month: false } });
    expect(read("à 45 jours")).toEqual({ ok: true, value: { days: 45, end_of_month: false } });
    expect(read("60 days")).toEqual({ ok: true, value: { days: 60, end_of_month: false } });
    expect(read("30")).toEqual({ ok: true, value: { days: 30, end_of_month: false } });
    expect(read("Comptant")).toEqual({ ok: true, value: { days: 0, end_of_month: false } });
    expect(read("à réception de facture")).toEqual({ ok: true, value: { days: 0, end_of_month: false } });
    expect(read("fin de mois")).toEqual({ ok: true, value: { days: 0, end_of_month: true } });
    expect(read("30 jours fin de mois le 10")).toEqual({
      ok: false,
      problem: "n'est pas un délai de paiement (par exemple « 30 jours », « 45 jours fin de mois », « comptant »)",
    });
    expect(read("150 jours")).toEqual({ ok: false, problem: "dépasse 120 jours" });
  });

  it("reads the accounting categories without case nor accents, and Odoo's fiscal positions", () => {
    expect(parseAccountingCategory("ventes en suspension de taxe")).toEqual({ ok: true, value: "Ventes en suspension de taxe" });
    expect(parseAccountingCategory("VENTES CEE")).toEqual({ ok: true, value: "Ventes CEE" });
    expect(parseAccountingCategory("Régime Intra-Communautaire")).toEqual({ ok: true, value: "Ventes CEE" });
    expect(parseAccountingCategory("Régime Extra-Communautaire")).toEqual({ ok: true, value: "Ventes export" });
    expect(parseAccountingCategory("Régime National")).toEqual({ ok: true, value: "Ventes France" });
    expect(parseAccountingCategory("Ventes DOM").ok).toBe(false);
  });

  it("reads a country by its code or its French or English name", () => {
    expect(parseCountry("fr")).toEqual({ ok: true, value: "FR" });
    expect(parseCountry("France")).toEqual({ ok: true, value: "FR" });
    expect(parseCountry("Martinique")).toEqual({ ok: true, value: "MQ" });
    expect(parseCountry("Belgique")).toEqual({ ok: true, value: "BE" });
    expect(parseCountry("Spain")).toEqual({ ok: true, value: "ES" });
    expect(parseCountry("La Réunion")).toEqual({ ok: true, value: "RE" });
    expect(parseCountry("XX")).toEqual({ ok: false, problem: "n'est pas un code de pays (ISO, par exemple FR, BE, MQ)" });
    expect(parseCountry("Atlantide")).toEqual({ ok: false, problem: "n'est pas un pays connu (son code ISO, par exemple FR, ou son nom)" });
  });

  it("checks the SIRET and the VAT number as the account opening form does", () => {
    expect(parseSiret("518 732 649 00026")).toEqual({ ok: true, value: "51873264900026" });
    expect(parseSiret("518 732 649 00027")).toEqual({
      ok: false,
      problem: "n'est pas un SIRET valide : sa clé de contrôle ne correspond pas",
    });
    expect(parseSiret("5187326")).toEqual({ ok: false, problem: "n'est pas un SIRET (14 chiffres)" });
    expect(parseVatNumber("FR 90 518732649")).toEqual({ ok: true, value: "FR90518732649" });
    expect(parseVatNumber("FR91518732649")).toEqual({
      ok: false,
      problem: "n'est pas valide : sa clé (les 2 chiffres après FR) ne correspond pas au SIREN",
    });
    expect(parseVatNumber("US123")).toMatchObject({ ok: false });
    expect(vatSiretProblem("FR90518732649", "51873264900026")).toBeNull();
    expect(vatSiretProblem("FR74442187357", "51873264900026")).toBe("ne correspond pas au SIREN du SIRET de la même ligne");
  });

  it("splits the contributors' logins on |", () => {
    expect(splitLogins(" A@b.fr | c@d.fr ||a@b.fr ")).toEqual(["a@b.fr", "c@d.fr"]);
    expect(splitLogins("")).toEqual([]);
  });
});
