import { ActionForm, MessageForm, ReasonForm, SubmitButton, refusalFor } from "~/components/quotes/QuoteActionParts";
import type { FormAnswer } from "~/services/forms/types";
import type { SalesQuoteAction } from "~/services/sales-quotes/types";

export interface SalesActionFormsProps {
  actions: SalesQuoteAction[];
  /** A refused form drawn again (its intent among `values`): its message and what was typed. */
  answer: FormAnswer | null;
}

/** Starting the study: the client sees the request is being worked on. */
function StartStudyForm({ answer }: { answer: FormAnswer | null }) {
  return (
    <ActionForm intent="start_study" title="Prendre la demande en charge" globalError={refusalFor(answer, "start_study")?.message ?? null}>
      <SubmitButton label="Commencer l'étude" primary />
    </ActionForm>
  );
}

/** Only the forms of the actions the back-office offers now (the proposal form is apart). */
export function SalesActionForms({ actions, answer }: SalesActionFormsProps) {
  return (
    <div className="quote-actions">
      {actions.includes("start_study") ? <StartStudyForm answer={answer} /> : null}
      {/* A question moves the quote to « informations demandées »; a message leaves it as it is. */}
      {actions.includes("ask_information") ? (
        <MessageForm intent="ask_information" title="Demander des informations au client" button="Envoyer la question" answer={answer} />
      ) : null}
      {actions.includes("message") ? (
        <MessageForm intent="message" title="Écrire au client" button="Envoyer le message" answer={answer} />
      ) : null}
      {actions.includes("cancel") ? (
        <ReasonForm
          intent="cancel"
          title="Annuler la demande"
          button="Annuler la demande"
          reasonLabel="Motif (facultatif, communiqué au client)"
          answer={answer}
        />
      ) : null}
    </div>
  );
}
