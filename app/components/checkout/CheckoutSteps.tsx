import { Link } from "@remix-run/react";
import type { StepLink } from "~/services/checkout/types";

/** The step indicator of /commander: done, current and coming steps, as an ordered list. */
export function CheckoutSteps({ steps, current }: { steps: StepLink[]; current: string }) {
  const currentIndex = steps.findIndex((step) => step.step === current);
  return (
    <nav aria-label="Étapes de la commande" className="checkout-steps">
      <ol>
        {steps.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          const label = (
            <>
              <span className="checkout-steps__number">{index + 1}</span> {step.label}
            </>
          );
          return (
            <li key={step.step} className={`checkout-steps__item checkout-steps__item--${state}`} data-testid={`step-${step.step}`}>
              {state === "current" ? (
                <span aria-current="step">{label}</span>
              ) : step.reachable ? (
                <Link to={step.path}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
