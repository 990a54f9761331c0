import type { FormAnswer } from "~/services/forms/types";
import type { QuoteCustomerAction } from "~/services/quotes/types";
import { MessageForm, ReasonForm } from "./QuoteActionParts";

export interface QuoteActionFormsProps {
  actions: QuoteCustomerAction[];
  /** A refused form drawn again (its intent among `values`): its message and what was typed. */
  answer: FormAnswer | null;
}

/** Only the forms of the actions the back-office offers now. */
export function QuoteActionForms({ actions, answer }: QuoteActionFormsProps) {
  return (
    <div className="quote-actions">
      {actions.includes("answer") ? (
        <MessageForm intent="answer" title="Répondre à la demande d'informations" button="Envoyer les informations" answer={answer} />
      ) : null}
      {actions.includes("message") ? (
        <MessageForm intent="message" title="Écrire à votre commercial" button="Envoyer le message" answer={answer} />
      ) : null}
      {actions.includes("refuse") ? (
        <ReasonForm
          intent="refuse"
          title="Refuser la proposition"
          button="Refuser le devis"
          reasonLabel="Motif (facultatif)"
          answer={answer}
        />
      ) : null}
      {actions.includes("cancel") ? (
        <ReasonForm
          intent="cancel"
          title="Annuler la demande"
          button="Annuler la demande"
          reasonLabel="Motif (facultatif)"
          answer={answer}
        />
      ) : null}
    </div>
  );
}
