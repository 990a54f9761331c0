import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import rules of docs/decisions/0098-feature-folders.md, on every import including
 * `import type` (eslint's no-cycle skips type-only imports, and a type cycle is still two
 * modules that cannot be understood one without the other); and the one vocabulary of
 * docs/decisions/0170-one-vocabulary-in-code.md: a feature has one English name in
 * app/components/ and app/services/, French stays in URLs and route file names.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const SOURCE_DIRS = ["app", "server", "shared"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

function resolveImport(specifier: string, fromFile: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join("app", specifier.slice(2));
  else if (specifier.startsWith("@shared/")) base = path.join("shared", specifier.slice("@shared/".length));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return path.normalize(candidate);
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolveImport(imported.fileName, file)).filter((target) => target !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** Each import (or re-export, or dynamic import) of a file: the statement's text and its module name. */
function importStatements(file: string): { text: string; specifier: string }[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: { text: string; specifier: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ text: node.getText(source), specifier: node.moduleSpecifier.text });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      found.push({ text: node.getText(source), specifier: argument && ts.isStringLiteralLike(argument) ? argument.text : "" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every cycle's smallest member first, so each is reported once. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === "open") {
        const cycle = stack.slice(stack.indexOf(target));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(canonical.join(" → "), canonical);
      } else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...found.values()];
}

describe("import rules", () => {
  const graph = importGraph();

  it("finds the project's modules and their imports", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get(path.normalize("app/root.tsx"))?.length).toBeGreaterThan(3);
  });

  it("has no import cycle, type-only imports included", () => {
    expect(cycles(graph).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("keeps server modules out of components", () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith(path.normalize("app/components/"))
        ? targets.filter((target) => /\.server\.tsx?$/.test(target)).map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offending).toEqual([]);
  });

  it("lets server code import only types from the app, and only from app/entry.server.tsx (decision 0099)", () => {
    const serverFiles = [...graph.keys()].filter((file) => file.startsWith(path.normalize("server/")));
    const offending = serverFiles.flatMap((file) =>
      importStatements(file)
        .filter(({ specifier }) => resolveImport(specifier, file)?.startsWith(path.normalize("app/")) ?? false)
        .filter(
          ({ text, specifier }) =>
            resolveImport(specifier, file) !== path.normalize("app/entry.server.tsx") || !/^import\s+type\s/.test(text),
        )
        .map(({ text }) => `${file}: ${text}`),
    );
    expect(serverFiles.length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });

  it("keeps services independent of components", () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith(path.normalize("app/services/"))
        ? targets.filter((target) => target.startsWith(path.normalize("app/components/"))).map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offending).toEqual([]);
  });
});

/** Folders of app/components/ with no server code of their own, and why. */
const COMPONENTS_ONLY: Record<string, string> = {
  ui: "drawing pieces every feature uses: error page, money, toasts, list filters, page links",
  legal: "the legal pages' fixed text",
};
/** Folders of app/services/ that draw nothing, and why. */
const SERVICES_ONLY: Record<string, string> = {
  forms: "reading and answering every feature's forms",
  upstream: "the back-office clients every feature calls",
};
/** Words of the French route file names that are English words too. */
const ENGLISH_TOO = new Set([
  ...["a", "app", "archive", "catalogue", "client", "csv", "de", "email", "export", "id", "index", "information"],
  ...["invitation", "me", "mention", "number", "pdf", "photo", "piece", "proposition", "public", "reference", "slug", "suggestion"],
  ...["token", "validation", "version", "xlsx", "zip"],
]);

function folders(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A name's words, lower case, without accents or a plural s: `QuickOrderForm` → quick, order, form. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9À-ÿ]+/)
    .filter(Boolean)
    .map((word) =>
      word
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/s$/, ""),
    );
}

/** The French words of the URLs, read from the route file names (`_app.mon-panier.commande-rapide.tsx`). */
function routeVocabulary(): Set<string> {
  const words = readdirSync(path.join(ROOT, "app/routes")).flatMap((file) =>
    file
      .replace(/\.tsx?$/, "")
      .split(/[._$-]+/)
      .filter((word) => /^[a-zé]+$/.test(word)),
  );
  return new Set(words.flatMap(wordsOf).filter((word) => !ENGLISH_TOO.has(word)));
}

/** Every folder and file under `dir`, app/routes left out (French file names by design). */
function namesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (relative === path.normalize("app/routes")) return [];
    return entry.isDirectory() ? [relative, ...namesUnder(relative)] : [relative];
  });
}

describe("one vocabulary in code (decision 0170)", () => {
  const components = folders("app/components");
  const services = folders("app/services");
  const serviceModules = readdirSync(path.join(ROOT, "app/services"))
    .filter((file) => file.endsWith(".server.ts"))
    .map((file) => file.slice(0, -".server.ts".length));

  it("reads the French words of the URLs", () => {
    const vocabulary = routeVocabulary();
    expect([...vocabulary]).toEqual(expect.arrayContaining(["panier", "commande", "compte", "facture", "tarif", "reliquat", "devi"]));
    expect(vocabulary.has("catalogue")).toBe(false);
  });

  it("names no folder or file of app/, shared/, server/ or tests/ with a French word of the URLs", () => {
    const vocabulary = routeVocabulary();
    const named = ["app", "shared", "server", "tests"].flatMap(namesUnder);
    const french = named.filter((name) => wordsOf(path.basename(name)).some((word) => vocabulary.has(word)));
    expect(named.length).toBeGreaterThan(500);
    expect(french).toEqual([]);
  });

  it("gives each feature the same folder name in app/components/ and app/services/", () => {
    const drawnWithoutService = components.filter(
      (name) => !(name in COMPONENTS_ONLY) && !services.includes(name) && !serviceModules.includes(name),
    );
    const servedWithoutComponents = services.filter((name) => !(name in SERVICES_ONLY) && !components.includes(name));
    expect(drawnWithoutService).toEqual([]);
    expect(servedWithoutComponents).toEqual([]);
  });

  it("keeps the exceptions true: each is a folder on its side only", () => {
    for (const name of Object.keys(COMPONENTS_ONLY))
      expect([components.includes(name), services.includes(name)], name).toEqual([true, false]);
    for (const name of Object.keys(SERVICES_ONLY))
      expect([services.includes(name), components.includes(name)], name).toEqual([true, false]);
  });

  it("nests no feature inside another's components folder", () => {
    const nested = components.flatMap((name) => folders(path.join("app/components", name)).map((inner) => `${name}/${inner}`));
    expect(nested).toEqual([]);
  });
});
