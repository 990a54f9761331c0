import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { FeedColumn } from "../../../server/backoffice/imports/reader/columns";
import { FeedFileError } from "../../../server/backoffice/imports/reader/errors";
import { FEED_FILE_MAX_BYTES, readSheetRows } from "../../../server/backoffice/imports/reader/read";
import { issueText, readTable } from "../../../server/backoffice/imports/reader/table";

/** The feed reader (server/backoffice/imports/reader): bytes → rows → records or a French report. */

const COLUMNS: FeedColumn[] = [
  { field: "ref", header: "Référence", aliases: ["Code article"], kind: "reference", required: true, example: "A1", maxLength: 40 },
  { field: "title", header: "Désignation", aliases: [], kind: "text", required: true, example: "Gilet", maxLength: 200 },
  { field: "price", header: "Prix HT", aliases: [], kind: "amount", required: false, example: "12,50" },
  { field: "qty", header: "Quantité", aliases: [], kind: "quantity", required: false, example: "3" },
  { field: "date", header: "Date", aliases: [], kind: "date", required: false, example: "31/12/2026" },
  { field: "mmsi", header: "MMSI", aliases: [], kind: "yesno", required: false, example: "non" },
];

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 of Latin-1 text: one byte per character (é = 0xE9). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

async function read(bytes: Uint8Array) {
  return readTable(await readSheetRows(bytes), COLUMNS);
}

describe("the feed reader", () => {
  it("reads UTF-8 with a BOM, `;`, quoted fields with separators, quotes and line breaks", async () => {
    const text = '\uFEFFRéférence;Désignation;Prix HT\r\nA1;"Gilet; ""200 N""\nautomatique";1 234,56\r\nb2;Bouée;12.5\r\n\r\n';
    const { records, issues } = await read(utf8(text));
    expect(issues).toEqual([]);
    expect(records).toEqual([
      { line: 2, values: { ref: "A1", title: 'Gilet; "200 N"\nautomatique', price: 123456, qty: null, date: null, mmsi: false } },
      { line: 4, values: { ref: "B2", title: "Bouée", price: 1250, qty: null, date: null, mmsi: false } },
    ]);
  });

  it("detects Windows-1252 and the `,` separator; headers without case nor accents", async () => {
    const { records, issues } = await read(cp1252("REFERENCE,designation,quantite,date,mmsi\nA1,Hélice à pas variable,3,05/01/2027,oui\n"));
    expect(issues).toEqual([]);
    expect(records[0]?.values).toEqual({ ref: "A1", title: "Hélice à pas variable", price: null, qty: 3, date: "2027-01-05", mmsi: true });
  });

  it("accepts an alias header and ISO dates", async () => {
    const { records } = await read(utf8("Code article;Désignation;Date\nA1;Feu;2027-02-28\n"));
    expect(records[0]?.values.date).toBe("2027-02-28");
  });

  it("refuses bad values line by line, in French, with line, column and value", async () => {
    const { records, issues } = await read(
      utf8("Référence;Désignation;Prix HT;Quantité;Date;MMSI\nA1;Gilet;12.5.0;2;31/02/2026;peut-être\nA2;;3;1,5;;\nA3;Bouée;3;;;\n"),
    );
    expect(records.map((record) => record.line)).toEqual([4]);
    expect(issues.map(issueText)).toEqual([
      "ligne 2, colonne Prix HT : « 12.5.0 » n'est pas un montant",
      "ligne 2, colonne Date : « 31/02/2026 » n'est pas une date du calendrier",
      "ligne 2, colonne MMSI : « peut-être » n'est ni « oui » ni « non »",
      "ligne 3, colonne Désignation : est obligatoire",
      "ligne 3, colonne Quantité : « 1,5 » n'est pas une quantité entière",
    ]);
  });

  it("refuses a reference given twice in one file, on its later line", async () => {
    const { records, issues } = await read(utf8("Référence;Désignation\nA1;Gilet\na1;Autre gilet\n"));
    expect(records).toHaveLength(1);
    expect(issues.map(issueText)).toEqual(["ligne 3, colonne Référence : « A1 » figure déjà ligne 2"]);
  });

  it("keys a line by its key column, reads e-mails lower-cased, and says which columns the header holds", () => {
    const columns: FeedColumn[] = [
      { field: "customer", header: "Référence client", aliases: [], kind: "reference", required: true, example: "C1", maxLength: 20 },
      { field: "email", header: "E-mail", aliases: ["Courriel"], kind: "email", required: true, example: "a@b.fr", key: true },
      { field: "admin", header: "Administrateur", aliases: [], kind: "yesno", required: false, example: "non" },
    ];
    const rows = [
      { line: 1, cells: ["Référence client", "Courriel"] },
      { line: 2, cells: ["c1", " Anne@Exemple.FR "] },
      { line: 3, cells: ["C1", "paul@exemple.fr"] },
      { line: 4, cells: ["C2", "anne@exemple.fr"] },
      { line: 5, cells: ["C2", "pas une adresse"] },
    ];
    const { records, issues, fields } = readTable(rows, columns);
    expect(records.map((record) => [record.values.customer, record.values.email])).toEqual([
      ["C1", "anne@exemple.fr"],
      ["C1", "paul@exemple.fr"],
    ]);
    expect(issues.map(issueText)).toEqual([
      "ligne 4, colonne E-mail : « anne@exemple.fr » figure déjà ligne 2",
      "ligne 5, colonne E-mail : « pas une adresse » n'est pas une adresse e-mail",
    ]);
    expect([...fields]).toEqual(["customer", "email"]);
  });

  it("stops at a missing or doubled column, naming it and what was read", async () => {
    await expect(read(utf8("Référence;Libellé\nA1;Gilet\n"))).rejects.toThrow(
      new FeedFileError("Colonne « Désignation » absente de la ligne d'en-tête (colonnes lues : « Référence », « Libellé »)."),
    );
    await expect(read(utf8("Référence;Désignation;Code article\n"))).rejects.toThrow("La colonne « Référence » figure deux fois");
  });

  it("refuses an empty file, UTF-16, an unclosed quote and a file over the bound without reading it", async () => {
    await expect(read(new Uint8Array())).rejects.toThrow("Le fichier est vide.");
    await expect(read(Uint8Array.from([0xff, 0xfe, 0x52, 0x00]))).rejects.toThrow("ni un CSV ni un classeur XLSX");
    await expect(read(utf8('Référence;Désignation\nA1;"Gilet\n'))).rejects.toThrow("Guillemet non refermé à partir de la ligne 2.");
    // A view claiming more bytes than the bound: refused from its length, nothing decoded.
    const huge = { length: FEED_FILE_MAX_BYTES + 1 } as Uint8Array;
    await expect(readSheetRows(huge)).rejects.toThrow("Le fichier pèse 51 Mo : 50 Mo au plus.");
  });

  it("reads an XLSX workbook's first sheet, numbers and dates included", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Articles");
    sheet.addRow(["Référence", "Désignation", "Prix HT", "Date"]);
    sheet.addRow(["A1", "Gilet", 12.5, new Date("2027-03-01T00:00:00Z")]);
    sheet.addRow(["A2", "Bouée", "7,20", "01/04/2027"]);
    workbook.addWorksheet("Autre").addRow(["rien"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { records, issues } = await read(bytes);
    expect(issues).toEqual([]);
    expect(records.map((record) => [record.line, record.values.ref, record.values.price, record.values.date])).toEqual([
      [2, "A1", 1250, "2027-03-01"],
      [3, "A2", 720, "2027-04-01"],
    ]);
  });
});
