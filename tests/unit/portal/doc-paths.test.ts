import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every repository path a guide, a decision record or the README cites exists, so a move
 * cannot leave a newcomer following a dead trail. A path ending in `*` (or with `*` inside,
 * `Invoice*.tsx`) names files by prefix: at least one must match. Build output (`build/`,
 * `public/build/`) is made by `npm run build` and is not checked.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const DOCS = ["README.md", ...markdownIn("docs"), ...markdownIn("docs/decisions")];
const CITED_PATH = /(?<![\w./~@-])((?:app|server|shared|tests|scripts|bench|patches|docs|\.ci)\/[\w.$[\]/*+-]*[\w\]*])/g;
const GENERATED = /^(public\/build|build)(\/|$)/;

function markdownIn(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `${folder}/${file}`);
}

/** Whether `cited` names a file or folder; `*` stands for any characters within one name. */
function exists(cited: string): boolean {
  if (!cited.includes("*")) return [cited, `${cited}.ts`, `${cited}.tsx`].some((candidate) => existsSync(path.join(ROOT, candidate)));
  const slash = cited.lastIndexOf("/", cited.indexOf("*"));
  const folder = path.join(ROOT, cited.slice(0, slash));
  const pattern = new RegExp(
    `^${cited
      .slice(slash + 1)
      .split("*")
      .map((part) => part.replace(/[.$[\]+]/g, "\\$&"))
      .join(".*")}`,
  );
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

function citedPaths(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...new Set([...text.matchAll(CITED_PATH)].map((match) => match[1] ?? ""))].filter((cited) => !GENERATED.test(cited));
}

describe("paths cited by the documentation", () => {
  it("reads the guides and the decision records", () => {
    expect(DOCS.length).toBeGreaterThan(100);
    expect(citedPaths("README.md")).toContain("server/backoffice");
  });

  it.each(DOCS)("%s cites only paths that exist", (file) => {
    expect(citedPaths(file).filter((cited) => !exists(cited))).toEqual([]);
  });

  it("knows a dead path when it sees one", () => {
    expect(exists("app/services/catalogue-cache.server.ts")).toBe(false);
    expect(exists("app/routes/_app.mon-compte.factures.*")).toBe(true);
    expect(exists("app/components/nothing-here/Invoice*.tsx")).toBe(false);
  });
});
