import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import rules of docs/decisions/0098-feature-folders.md, on every import including
 * `import type` (eslint's no-cycle skips type-only imports, and a type cycle is still two
 * modules that cannot be understood one without the other).
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
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
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
      file.startsWith(path.normalize("app/components/")) ? targets.filter((target) => /\.server\.tsx?$/.test(target)).map((target) => `${file} → ${target}`) : [],
    );
    expect(offending).toEqual([]);
  });

  it("lets server code import only types from the app, and only from app/entry.server.tsx (decision 0099)", () => {
    const serverFiles = [...graph.keys()].filter((file) => file.startsWith(path.normalize("server/")));
    const offending = serverFiles.flatMap((file) =>
      importStatements(file)
        .filter(({ specifier }) => resolveImport(specifier, file)?.startsWith(path.normalize("app/")) ?? false)
        .filter(({ text, specifier }) => resolveImport(specifier, file) !== path.normalize("app/entry.server.tsx") || !/^import\s+type\s/.test(text))
        .map(({ text }) => `${file}: ${text}`),
    );
    expect(serverFiles.length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });

  it("keeps services independent of components", () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith(path.normalize("app/services/")) ? targets.filter((target) => target.startsWith(path.normalize("app/components/"))).map((target) => `${file} → ${target}`) : [],
    );
    expect(offending).toEqual([]);
  });
});
