import { describe, expect, it } from "vitest";
import { definedOnly, filterQuery, listFilterReader, pageCountOf, readPage, type FilterNotice } from "@shared/domain/list-filters";

/** How the lists read their URL filters (shared/domain/list-filters.ts, decision 0168). */
const NAMES = ["du", "au", "statut", "numero", "recherche", "client", "tri"] as const;
type Name = (typeof NAMES)[number];
const reader = (query: string | Record<string, string>) => listFilterReader(new URLSearchParams(query), NAMES);
const ignored = (message: string) => expect.objectContaining({ message: expect.stringMatching(message) });

describe("a list's filter values", () => {
  it("trims what is checked, cuts what is shown back to 200 characters and ignores other parameters", () => {
    const read = reader({ numero: "  F-12  ", recherche: "x".repeat(5000), autre: "1" });
    expect(read.raw.numero).toBe("F-12");
    expect(read.raw.du).toBe("");
    const { values, notices, page } = read.finish();
    expect(values).toEqual({ du: "", au: "", statut: "", numero: "F-12", recherche: "x".repeat(200), client: "", tri: "" });
    expect(values).not.toHaveProperty("autre");
    expect(notices).toEqual([]);
    expect(page).toBe(1);
  });

  it("gives the notices in the order the fields were read, the page's last", () => {
    const read = reader({ page: "0", statut: "perdue", du: "hier" });
    read.oneOf("statut", ["livrée"], "Statut inconnu");
    read.period("du", "au");
    read.notice("client", "Client à part.");
    expect(read.finish().notices.map((notice) => notice.field)).toEqual(["statut", "du", "client", "page"]);
  });
});

describe("the period du–au", () => {
  it("takes real calendar dates and leaves an empty end out", () => {
    expect(reader("du=2026-01-01&au=2026-03-31").period("du", "au")).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(reader("du=2026-01-01&au=").period("du", "au")).toStrictEqual({ from: "2026-01-01" });
    expect(reader("du=2026-05-05&au=2026-05-05").period("du", "au")).toEqual({ from: "2026-05-05", to: "2026-05-05" });
  });

  it("refuses a date that is not one, in French, and keeps the other", () => {
    const read = reader({ du: "2026-02-30", au: "31/12/2026" });
    expect(read.period("du", "au")).toStrictEqual({});
    expect(read.finish().notices).toEqual([
      { field: "du", message: "Du : date invalide (format attendu AAAA-MM-JJ), ce filtre est ignoré." },
      { field: "au", message: "Au : date invalide (format attendu AAAA-MM-JJ), ce filtre est ignoré." },
    ]);
    expect(reader({ au: "2026-12-31" }).period("du", "au")).toStrictEqual({ to: "2026-12-31" });
  });

  it("drops an end before the start", () => {
    const read = reader({ du: "2026-06-01", au: "2026-01-01" });
    expect(read.period("du", "au")).toStrictEqual({ from: "2026-06-01" });
    expect(read.finish().notices).toEqual([{ field: "au", message: "La date de fin précède la date de début : elle est ignorée." }]);
  });
});

describe("a search text", () => {
  it("is taken as typed, trimmed; empty is no filter", () => {
    expect(reader({ numero: " F-2026 " }).search("numero", { label: "Numéro", max: 30 })).toBe("F-2026");
    expect(reader({ numero: "x".repeat(30) }).search("numero", { label: "Numéro", max: 30 })).toHaveLength(30);
    expect(reader({ numero: "   " }).search("numero", { label: "Numéro", max: 30 })).toBeUndefined();
  });

  it("is refused when too long or with control characters, named after what it searches", () => {
    const read = reader({ numero: "x".repeat(31), recherche: "a\u0000b" });
    expect(read.search("numero", { label: "Numéro", max: 30 })).toBeUndefined();
    expect(read.search("recherche", { label: "Commande", max: 100 })).toBeUndefined();
    expect(read.finish().notices).toEqual([
      { field: "numero", message: "Numéro : la recherche compte au plus 30 caractères, ce filtre est ignoré." },
      { field: "recherche", message: "Commande : la recherche contient des caractères de contrôle, ce filtre est ignoré." },
    ]);
  });

  it("says less for the list's own search box", () => {
    const read = reader({ recherche: "x".repeat(101), numero: "a\u007fb" });
    expect(read.search("recherche", { max: 100 })).toBeUndefined();
    expect(read.search("numero", { max: 100 })).toBeUndefined();
    expect(read.finish().notices).toEqual([
      { field: "recherche", message: "Recherche : au plus 100 caractères, ce filtre est ignoré." },
      { field: "numero", message: "Recherche : caractères de contrôle refusés, ce filtre est ignoré." },
    ]);
  });

  it("keeps accents, spaces and other scripts", () => {
    expect(reader({ recherche: "bouée 12 mm – Ø" }).search("recherche", { max: 100 })).toBe("bouée 12 mm – Ø");
  });
});

describe("a choice among allowed values", () => {
  it("takes an allowed value exactly, or says which are", () => {
    const statuses = ["livrée", "annulée"] as const;
    expect(reader({ statut: "livrée" }).oneOf("statut", statuses, "Statut inconnu")).toBe("livrée");
    const unset = reader({ statut: "" });
    expect(unset.oneOf("statut", statuses, "Statut inconnu")).toBeUndefined();
    expect(unset.finish().notices).toEqual([]);
    const allowed = reader({ statut: "annulée" });
    allowed.oneOf("statut", statuses, "Statut inconnu");
    expect(allowed.finish().notices).toEqual([]);
    const read = reader({ statut: "Livrée" });
    expect(read.oneOf("statut", statuses, "Statut inconnu")).toBeUndefined();
    expect(read.finish().notices).toEqual([{ field: "statut", message: "Statut inconnu (livrée, annulée) : ce filtre est ignoré." }]);
  });
});

describe("an id", () => {
  it("is a positive whole number of at most ten digits", () => {
    expect(reader({ client: "12" }).id("client", { unknown: "Client inconnu" })).toBe(12);
    expect(reader({ client: "9999999999" }).id("client", { unknown: "Client inconnu" })).toBe(9999999999);
    const unset = reader({ client: "" });
    expect(unset.id("client", { unknown: "Client inconnu" })).toBeUndefined();
    expect(unset.finish().notices).toEqual([]);
    for (const client of ["0", "-1", "012", "1.5", "1e3", "abc", "99999999999"]) {
      const read = reader({ client });
      expect(read.id("client", { unknown: "Client inconnu" }), client).toBeUndefined();
      expect(read.finish().notices, client).toEqual([{ field: "client", message: "Client inconnu : ce filtre est ignoré." }]);
    }
  });

  it("stays within its bound and among the known ones when they are known", () => {
    expect(reader({ client: "2147483647" }).id("client", { unknown: "Client inconnu", max: 2147483647 })).toBe(2147483647);
    expect(reader({ client: "2147483648" }).id("client", { unknown: "Client inconnu", max: 2147483647 })).toBeUndefined();
    expect(reader({ client: "3" }).id("client", { unknown: "Marque inconnue", known: [1, 3] })).toBe(3);
    expect(reader({ client: "3" }).id("client", { unknown: "Marque inconnue", known: null })).toBe(3);
    const read = reader({ client: "2" });
    expect(read.id("client", { unknown: "Marque inconnue", known: [1, 3] })).toBeUndefined();
    expect(read.finish().notices).toEqual([ignored("^Marque inconnue : ce filtre est ignoré\\.$")]);
  });
});

describe("a sort key", () => {
  it("is one of the allowed keys, else the default, without a notice", () => {
    const sorts = ["a-traiter", "recents"] as const;
    expect(reader({ tri: "recents" }).sort("tri", sorts, "a-traiter")).toBe("recents");
    const read = reader({ tri: "RECENTS" });
    expect(read.sort("tri", sorts, "a-traiter")).toBe("a-traiter");
    expect(reader({}).sort("tri", sorts, "a-traiter")).toBe("a-traiter");
    expect(read.finish().notices).toEqual([]);
  });
});

describe("the page", () => {
  it("is 1 when absent, else a number from 1 to 10 000", () => {
    const notices: FilterNotice<Name | "page">[] = [];
    expect(readPage(null, notices)).toBe(1);
    expect(readPage("  ", notices)).toBe(1);
    expect(readPage("1", notices)).toBe(1);
    expect(readPage(" 3 ", notices)).toBe(3);
    expect(readPage("10000", notices)).toBe(10000);
    expect(notices).toEqual([]);
  });

  it("falls back to the first page, explained, for anything else", () => {
    for (const page of ["-1", "0", "abc", "1.5", "10001", "9".repeat(40)]) {
      const notices: FilterNotice<"page">[] = [];
      expect(readPage(page, notices), page).toBe(1);
      expect(notices, page).toEqual([{ field: "page", message: "Numéro de page invalide : la première page est affichée." }]);
    }
    expect(reader({ page: "abc" }).finish()).toMatchObject({ page: 1, notices: [{ field: "page" }] });
  });

  it("counts the pages and says when the one asked is past the last", () => {
    const notices: FilterNotice<"page">[] = [];
    expect(pageCountOf(0, 20, 1, "de factures", notices)).toBe(1);
    expect(pageCountOf(41, 20, 3, "de factures", notices)).toBe(3);
    expect(notices).toEqual([]);
    expect(pageCountOf(20, 20, 2, "de devis", notices)).toBe(1);
    expect(pageCountOf(21, 20, 9, "de tarifs", notices)).toBe(2);
    expect(notices).toEqual([
      { field: "page", message: "Il n'y a que 1 page de devis." },
      { field: "page", message: "Il n'y a que 2 pages de tarifs." },
    ]);
  });
});

describe("the applied filters back", () => {
  it("leave out undefined entries", () => {
    expect(definedOnly({ a: 1, b: undefined, c: "" })).toStrictEqual({ a: 1, c: "" });
  });

  it("make the query string in the given order, without empty values", () => {
    expect(filterQuery({ du: "2026-01-01", au: undefined, statut: "livrée", numero: "", client: 12, montant: 0 })).toBe(
      "du=2026-01-01&statut=livr%C3%A9e&client=12&montant=0",
    );
    expect(filterQuery({})).toBe("");
  });
});
