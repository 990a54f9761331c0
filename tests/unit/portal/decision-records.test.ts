import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** docs/decisions stays usable: every record dated, with a status, and listed in the index. */
const DIR = path.resolve(import.meta.dirname, "../../../docs/decisions");
const records = readdirSync(DIR).filter((file) => /^\d{4}-.*\.md$/.test(file));
const index = readFileSync(path.join(DIR, "README.md"), "utf8");

describe("decision records", () => {
  it("finds the records", () => {
    expect(records.length).toBeGreaterThan(40);
  });

  it.each(records)("%s has a title, a date and a status, and is in the index", (file) => {
    const text = readFileSync(path.join(DIR, file), "utf8");
    const number = file.slice(0, 4);
    expect(text).toMatch(new RegExp(`^# ${number} — \\S`));
    expect(text).toMatch(/^- \*\*Date:\*\* \d{4}-\d{2}-\d{2}$/m);
    const status = /^- \*\*Status:\*\* (.+)$/m.exec(text)?.[1] ?? "";
    expect(status).toMatch(/^(proposed|accepted|deprecated|superseded by \d{4})/);
    const row = index.split("\n").find((line) => line.startsWith(`| [${number}](${file})`));
    expect(row, `${file} is missing from docs/decisions/README.md`).toBeDefined();
    expect(row).toContain(`| ${status} |`);
  });

  it("lists no record that does not exist", () => {
    const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(listed.filter((file) => !records.includes(file ?? ""))).toEqual([]);
  });
});
