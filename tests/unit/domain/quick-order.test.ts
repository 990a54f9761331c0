import { describe, expect, it } from "vitest";
import {
  checkQuickOrderReference,
  parseQuickOrderRows,
  parseQuickOrderText,
  splitQuickOrderLine,
  truncatedMessage,
  QUICK_ORDER_MAX_ISSUES,
  QUICK_ORDER_MAX_LINES,
} from "@shared/domain/quick-order";

describe("splitQuickOrderLine", () => {
  it.each([
    ["ABC-1;3", ["ABC-1", "3"]],
    ["ABC-1\t3", ["ABC-1", "3"]],
    ["ABC-1 3", ["ABC-1", "3"]],
    ["  ABC-1    3  ", ["ABC-1", "3"]],
    ["ABC-1,3", ["ABC-1", "3"]],
    ['"ABC-1";"3";"Gilet"', ["ABC-1", "3", "Gilet"]],
    // A spreadsheet's quoting: blanks around and inside the quotes, doubled quotes inside.
    [' "ABC-1" ; " 3 " ', ["ABC-1", "3"]],
    ['ABC-1;"Gilet ""pro"""', ["ABC-1", 'Gilet "pro"']],
    ['ABC-1;""', ["ABC-1", ""]],
    // Not a quoted cell: one quote alone, or a quote on one side only.
    ['";3', ['"', "3"]],
    ['"ABC-1;3"', ['"ABC-1', '3"']],
  ])("%j", (line, cells) => {
    expect(splitQuickOrderLine(line)).toEqual(cells);
  });
});

describe("checkQuickOrderReference", () => {
  it("normalizes a reference, and refuses a malformed one or a shipping charge", () => {
    expect(checkQuickOrderReference("  gag00001 ")).toEqual({ ok: true, ref: "GAG00001" });
    expect(checkQuickOrderReference("B@D")).toEqual({ ok: false, message: "Référence invalide « B@D »." });
    expect(checkQuickOrderReference("port_franco")).toEqual({
      ok: false,
      message: "PORT_FRANCO est un frais de port : il est calculé automatiquement.",
    });
  });
});

describe("checkQuickOrderReference and the organization's own codes", () => {
  it("takes everything an own code may hold: spaces, #, accented letters, a leading # (docs/part-numbers-portal.md)", () => {
    expect(checkQuickOrderReference(" va cord #08 ")).toEqual({ ok: true, ref: "VA CORD #08" });
    expect(checkQuickOrderReference("écoute-n°2 / bâbord")).toEqual({ ok: false, message: "Référence invalide « ÉCOUTE-N°2 / BÂBORD »." });
    expect(checkQuickOrderReference("écoute 2 / bâbord")).toEqual({ ok: true, ref: "ÉCOUTE 2 / BÂBORD" });
    expect(checkQuickOrderReference("#12+A_b.c")).toEqual({ ok: true, ref: "#12+A_B.C" });
    // Blanks inside become one space, a no-break space too; an accent typed apart is composed.
    expect(checkQuickOrderReference("VA\u00a0 CORD")).toEqual({ ok: true, ref: "VA CORD" });
    expect(checkQuickOrderReference("e\u0301coute")).toEqual({ ok: true, ref: "\u00c9COUTE" });
  });

  it("still refuses control characters, other punctuation and more than 60 characters", () => {
    for (const typed of ["VA\u0000CORD", "VA\u0007", "VA\u200bCORD", "VA@CORD", "VA;CORD", "VA<CORD>", "VA*", "'VA", "\u0301A"]) {
      expect(checkQuickOrderReference(typed).ok, JSON.stringify(typed)).toBe(false);
    }
    expect(checkQuickOrderReference(`A${" B".repeat(29)}C`)).toEqual({ ok: true, ref: `A${" B".repeat(29)}C` });
    expect(checkQuickOrderReference(`A${" B".repeat(30)}`).ok).toBe(false);
    expect(checkQuickOrderReference("é".repeat(61)).ok).toBe(false);
  });

  it("reads an own code with a space and a # from pasted text with a separator, and from a grid's cells", () => {
    expect(parseQuickOrderText("va cord #08;2\nVA-CORD-09\t3").entries).toEqual([
      { ref: "VA CORD #08", qty: 2, lines: [1] },
      { ref: "VA-CORD-09", qty: 3, lines: [2] },
    ]);
    expect(
      parseQuickOrderRows([
        ["Référence", "Quantité"],
        ["bâbord #1", "4"],
      ]).entries,
    ).toEqual([{ ref: "BÂBORD #1", qty: 4, lines: [2] }]);
  });
});

describe("parseQuickOrderText", () => {
  it("accepts the largest quantity of a line, alone or merged, and a quantity written with a thousands space", () => {
    expect(parseQuickOrderText("A;9999\nB;9000\nB;999\nC;1 000").entries).toEqual([
      { ref: "A", qty: 9999, lines: [1] },
      { ref: "B", qty: 9999, lines: [2, 3] },
      { ref: "C", qty: 1000, lines: [4] },
    ]);
  });

  it("quotes a long refused input shortened in its reason", () => {
    const [quantity, reference] = parseQuickOrderText(`A;${"9".repeat(30)}x\n${"A".repeat(40)}@;1`).issues;
    expect(quantity?.message).toBe(`Quantité invalide « ${"9".repeat(20)} » : un nombre entier est attendu.`);
    expect(reference?.message).toBe(`Référence invalide « ${"A".repeat(30)} ».`);
  });

  it("reads every separator, trims and upper-cases, merges repeated references", () => {
    const parsed = parseQuickOrderText("\uFEFFabc-1;2\r\nXYZ\t3\n\n  abc-1 4 \nDEF.9,1\nGHI");
    expect(parsed.issues).toEqual([]);
    expect(parsed.entries).toEqual([
      { ref: "ABC-1", qty: 6, lines: [1, 4] },
      { ref: "XYZ", qty: 3, lines: [2] },
      { ref: "DEF.9", qty: 1, lines: [5] },
      { ref: "GHI", qty: 1, lines: [6] },
    ]);
  });

  it("skips a header row on line 1 only", () => {
    expect(parseQuickOrderText("Référence;Quantité\nA1;2")).toEqual({
      entries: [{ ref: "A1", qty: 2, lines: [2] }],
      issues: [],
      unlisted: 0,
    });
    expect(parseQuickOrderText("Article;Qté\nA1;2")).toEqual({ entries: [{ ref: "A1", qty: 2, lines: [2] }], issues: [], unlisted: 0 });
    expect(parseQuickOrderText("A1;2\nReference;Quantite").issues[0]).toMatchObject({
      line: 2,
      message: expect.stringMatching(/Quantité invalide/),
    });
  });

  it("refuses bad lines one by one with a French reason, keeping the good ones", () => {
    const parsed = parseQuickOrderText(
      ["OK-1;2", "PORT_SAMEDI;1", "OK-2;0", "OK-3;-1", "OK-4;abc", "OK-5;1e9", "OK-6;10000", "B@D;1", "OK-7;1,5"].join("\n"),
    );
    expect(parsed.entries.map((entry) => entry.ref)).toEqual(["OK-1"]);
    expect(parsed.issues.map((issue) => [issue.line, issue.message])).toEqual([
      [2, "PORT_SAMEDI est un frais de port : il est calculé automatiquement."],
      [3, "La quantité doit être au moins 1."],
      [4, "Quantité invalide « -1 » : un nombre entier est attendu."],
      [5, "Quantité invalide « abc » : un nombre entier est attendu."],
      [6, "Quantité invalide « 1e9 » : un nombre entier est attendu."],
      [7, "La quantité ne peut pas dépasser 9999."],
      [8, "Référence invalide « B@D »."],
      [9, "Quantité invalide « 1,5 » : un nombre entier est attendu."],
    ]);
    expect(parsed.issues[0]?.input).toBe("PORT_SAMEDI ; 1");
  });

  it("takes a word of the header's as a reference when line 1 has a quantity", () => {
    expect(parseQuickOrderText("Article;12\nA1;2").entries).toEqual([
      { ref: "ARTICLE", qty: 12, lines: [1] },
      { ref: "A1", qty: 2, lines: [2] },
    ]);
  });

  it("refuses a merged quantity above the maximum on the line that overflows", () => {
    const parsed = parseQuickOrderText("A;9000\nA;1000");
    expect(parsed.entries).toEqual([{ ref: "A", qty: 9000, lines: [1] }]);
    expect(parsed.issues).toEqual([{ line: 2, input: "A ; 1000", message: "Quantité totale de A supérieure à 9999." }]);
  });

  it("stops at the reference limit with one issue counting every line left out", () => {
    const text = Array.from({ length: 10_000 }, (_unused, index) => `R${index};1`).join("\n");
    const parsed = parseQuickOrderText(`${text}\n\nR0;2\n`);
    expect(parsed.entries).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(parsed.entries[0]).toEqual({ ref: "R0", qty: 1, lines: [1] });
    expect(parsed.issues).toEqual([{ line: QUICK_ORDER_MAX_LINES + 1, input: "R200 ; 1", message: truncatedMessage(9801), ignored: 9801 }]);
    expect(parsed.issues[0]?.message).toBe(
      "Liste tronquée : seules les 200 premières références sont prises en compte, 9\u202f801 lignes ignorées à partir de celle-ci.",
    );
    expect(truncatedMessage(1)).toContain(", 1 ligne ignorée à partir");
    expect(parsed.unlisted).toBe(0);
  });

  it("still merges a reference already taken once the limit is reached", () => {
    const full = Array.from({ length: QUICK_ORDER_MAX_LINES }, (_unused, index) => `R${index};1`);
    const parsed = parseQuickOrderText([...full, "R0;2", "NEW;1"].join("\n"));
    expect(parsed.entries[0]).toEqual({ ref: "R0", qty: 3, lines: [1, QUICK_ORDER_MAX_LINES + 1] });
    expect(parsed.issues).toEqual([{ line: QUICK_ORDER_MAX_LINES + 2, input: "NEW ; 1", message: truncatedMessage(1), ignored: 1 }]);
  });

  it("lists at most QUICK_ORDER_MAX_ISSUES refused lines and counts the others", () => {
    const text = Array.from({ length: 10_000 }, (_unused, index) => `B@D${index};1`).join("\n");
    const parsed = parseQuickOrderText(`OK-1;1\n${text}\nOK-2;3`);
    expect(parsed.issues).toHaveLength(QUICK_ORDER_MAX_ISSUES);
    expect(parsed.issues[0]).toMatchObject({ line: 2, message: "Référence invalide « B@D0 »." });
    expect(parsed.unlisted).toBe(10_000 - QUICK_ORDER_MAX_ISSUES);
    expect(parsed.entries.map((entry) => entry.ref)).toEqual(["OK-1", "OK-2"]);
  });

  it("lists the cut at the limit even when the refused lines are already at their maximum", () => {
    const bad = Array.from({ length: 150 }, (_unused, index) => `B@D${index};1`);
    const good = Array.from({ length: QUICK_ORDER_MAX_LINES + 5 }, (_unused, index) => `R${index};1`);
    const parsed = parseQuickOrderText([...bad, ...good].join("\n"));
    expect(parsed.issues).toHaveLength(QUICK_ORDER_MAX_ISSUES + 1);
    expect(parsed.issues.at(-1)).toMatchObject({ line: 150 + QUICK_ORDER_MAX_LINES + 1, ignored: 5 });
    expect(parsed.unlisted).toBe(50);
  });
});

describe("parseQuickOrderRows", () => {
  it("reads spreadsheet cells and ignores blank rows and extra columns", () => {
    const parsed = parseQuickOrderRows([
      ["Ref", "Qty"],
      ["a1", "2", "Gilet"],
      ["", ""],
      [" b2 ", ""],
    ]);
    expect(parsed.entries).toEqual([
      { ref: "A1", qty: 2, lines: [2] },
      { ref: "B2", qty: 1, lines: [4] },
    ]);
  });

  it("skips rows of blank cells and a header row whose cells have blanks around them", () => {
    const parsed = parseQuickOrderRows([
      [" Référence ", " Quantité "],
      ["  ", " "],
      ["a1", "2"],
    ]);
    expect(parsed).toEqual({ entries: [{ ref: "A1", qty: 2, lines: [3] }], issues: [], unlisted: 0 });
  });

  it("reads line 1 as an order line when its second cell is a quantity, blanks around it", () => {
    expect(parseQuickOrderRows([["Ref", " 2 "]]).entries).toEqual([{ ref: "REF", qty: 2, lines: [1] }]);
  });

  it("shows a refused row's non-blank cells, cut at 80 characters", () => {
    expect(parseQuickOrderRows([["B@D", "  ", "1"]]).issues[0]?.input).toBe("B@D ; 1");
    expect(parseQuickOrderRows([["B@D", "1", "x".repeat(100)]]).issues[0]?.input).toBe(`B@D ; 1 ; ${"x".repeat(70)}`);
  });

  it("keeps a row with a quantity but no reference as an issue", () => {
    expect(parseQuickOrderRows([["", "3"]]).issues[0]?.message).toMatch(/Référence invalide/);
  });
});
