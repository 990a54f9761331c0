import { formatEuros } from "@shared/domain/french-format";
import type { BudgetNoticeView } from "~/services/approvals/types";

/** What follows from a cart that needs approval, where it is read. */
const NEXT_STEP = {
  cart: "Vous passerez par les mêmes étapes ; au récapitulatif, « Demander la validation » l'enverra à la personne qui valide au lieu de la commander.",
  summary: "Envoyez-la pour validation : une fois validée, elle sera passée ; refusée, vous en saurez la raison.",
} as const;

/**
 * The buyer's purchasing rules where one buys (docs/approvals.md « The flow », 1): what remains
 * of the month's budget (with the `prices` right) and, when the cart as it stands needs
 * approval, that it will end with a request and why. The cart page and the checkout summary
 * show it; nothing is drawn without a budget when the cart may be ordered as it stands.
 */
export function BudgetNotice({ notice, place }: { notice: BudgetNoticeView; place: "cart" | "summary" }) {
  const { budget, needsApproval, reasons } = notice;
  return (
    <section
      className={needsApproval ? "budget-notice budget-notice--approval" : "budget-notice"}
      aria-label="Règles d'achat"
      data-testid="budget-notice"
    >
      {budget ? (
        <p className="budget-notice__budget" data-testid="budget-remaining">
          Budget du mois : <strong>{formatEuros(budget.remaining)} HT</strong> restants sur {formatEuros(budget.total)} HT
        </p>
      ) : null}
      {needsApproval ? (
        <>
          <p className="budget-notice__approval">
            <strong>Cette commande devra être validée avant d'être passée.</strong>
          </p>
          {reasons.length > 0 ? (
            <ul className="budget-notice__reasons">
              {reasons.map((reason) => (
                <li key={reason.code}>{reason.text}</li>
              ))}
            </ul>
          ) : null}
          <p className="budget-notice__next">{NEXT_STEP[place]}</p>
        </>
      ) : null}
    </section>
  );
}
