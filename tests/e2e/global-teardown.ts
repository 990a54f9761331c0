import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_HTML_DIR } from "../../playwright.config";
import type { RecordedPage } from "./html-validity";

const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message?: string;
  extract?: string;
}

/**
 * Runs once after the tests: one Nu Html Checker (vnu) run over every page recorded where axe ran
 * (tests/e2e/html-validity.ts; one JVM start, a few seconds, whatever the number of pages). Any
 * error fails the run, naming each page by its test label with the validator's own messages.
 */
export default async function globalTeardown(): Promise<void> {
  const files = (await readdir(E2E_HTML_DIR).catch(() => [])).filter((name) => name.endsWith(".html")).sort();
  if (files.length === 0) return;
  const { stderr } = await promisify(execFile)(
    "java",
    ["-jar", VNU_JAR, "--errors-only", "--exit-zero-always", "--format", "json", ...files.map((name) => path.join(E2E_HTML_DIR, name))],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  const byFile = new Map<string, string[]>();
  for (const message of messages) {
    const file = message.url ? path.basename(new URL(message.url).pathname) : "?";
    const extract = message.extract ? ` — « ${message.extract.replace(/\s+/g, " ").trim()} »` : "";
    byFile.set(file, [
      ...(byFile.get(file) ?? []),
      `  line ${message.lastLine ?? "?"}: ${message.type}: ${message.message ?? ""}${extract}`,
    ]);
  }
  if (byFile.size === 0) {
    console.log(`Nu Html Checker: ${files.length} pages, no error.`);
    return;
  }
  const report: string[] = [];
  for (const [file, lines] of byFile) {
    const page = await readFile(path.join(E2E_HTML_DIR, file.replace(/\.html$/, ".json")), "utf8")
      .then((text) => JSON.parse(text) as RecordedPage)
      .catch(() => undefined);
    report.push(
      page ? `${page.label} (${page.kind === "server" ? "the server's HTML" : "the hydrated DOM"}, ${page.url}):` : `${file}:`,
      ...lines,
    );
  }
  throw new Error(
    `Nu Html Checker: ${messages.length} errors on ${byFile.size} of ${files.length} pages (HTML kept in ${E2E_HTML_DIR}):\n${report.join("\n")}`,
  );
}
