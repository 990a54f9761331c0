/* global console, process */
// Prints one closing line for the whole run from the JSON reports of vitest and Playwright,
// so that CI logs end with the plain "N passed, N failed" line.
import { readFileSync } from "node:fs";

function read(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// The fast vitest projects and the integration project report apart (scripts/test-all.sh).
const vitestRuns = ["test-results/vitest-unit.json", "test-results/vitest-integration.json"].map(read);
const playwright = read("test-results/playwright.json");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const vitest of vitestRuns) {
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (playwright?.stats) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
