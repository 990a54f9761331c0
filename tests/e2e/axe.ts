import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { recordPageHtml } from "./html-validity";

/**
 * Runs axe-core on the page as it stands (every rule axe runs by default: WCAG 2.x A and AA
 * and its best practices) and fails with one readable line per element at fault:
 * `rule id (impact) — help — target — what axe measured`. A page of a new route reuses it:
 *
 *     await expectNoAxeViolations(page);
 *
 * With JavaScript, call it once the page is hydrated (waitUntilInteractive): React may still
 * change the markup before. Running transitions are waited for first: a toast fading in has
 * its text at partial opacity, which axe would measure as low contrast.
 *
 * The page's HTML is recorded at the same time for the Nu Html Checker, which runs once over
 * every recorded page after the tests (tests/e2e/html-validity.ts, decision 0190).
 */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname + new URL(page.url()).search): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Only time-driven ones end by themselves: a scroll-driven animation (the phone nav's fade,
        // decision 0190) finishes only when its box is scrolled to the end.
        .filter((animation) => animation.timeline instanceof DocumentTimeline)
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await recordPageHtml(page, label, test.info().project.use.javaScriptEnabled !== false);
  // Only the violations are detailed (passes and the rest are not collected): faster, same rules.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  expect(describeViolations(violations), `axe violations on ${label}`).toEqual([]);
}

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

export function describeViolations(violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target.map((part) => (Array.isArray(part) ? part.join(" >> ") : String(part))).join(" >> ");
      const measured = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
      return `${violation.id} (${violation.impact ?? "n/a"}) — ${violation.help} — ${target}${measured ? ` — ${measured}` : ""}`;
    }),
  );
}
