import { Link } from "@remix-run/react";
import type { SummaryProblem } from "~/services/checkout/types";

/** Why the order cannot be confirmed yet, each reason with the way to fix it. */
export function SummaryProblems({ problems }: { problems: SummaryProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <section className="summary-problems" aria-labelledby="summary-problems-title" data-testid="summary-problems">
      <h2 id="summary-problems-title">Avant de confirmer</h2>
      <ul>
        {problems.map((problem, index) => (
          <li key={`${problem.code}-${index}`}>
            {problem.message}
            {problem.fix ? (
              <>
                {" "}
                <Link to={problem.fix.href}>{problem.fix.label}</Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
