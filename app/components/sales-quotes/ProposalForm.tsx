import { Form } from "@remix-run/react";
import { FieldError } from "~/components/quotes/FieldError";
import { formatDate } from "@shared/domain/french-format";
import type { FormAnswer } from "~/services/forms/types";
import { proposalField, type ProposalFormDraft } from "~/services/sales-quotes/types";

export interface ProposalFormProps {
  draft: ProposalFormDraft;
  /** The page's action answer: a refused proposal is drawn again as it was typed, with its messages. */
  answer: FormAnswer | null;
}

/** A text input of a row, labelled for screen readers, its error right under it. */
function RowInput(props: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  inputMode?: "decimal" | "numeric";
  size?: number;
  maxLength: number;
}) {
  const { name, label, value, error, inputMode, size, maxLength } = props;
  const errorId = `${name}-erreur`;
  return (
    <>
      <label htmlFor={name} className="visually-hidden">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="text"
        inputMode={inputMode}
        size={size}
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
    </>
  );
}

/**
 * The proposal (or its revision): one row per asked line, pre-filled, where another reference
 * makes a replacement product; empty rows for products to add; the validity and conditions.
 * Prices in euros as people type them (« 12,50 »); the back-office gets cents, resolved
 * products and checks everything again. A plain form: it works without JavaScript.
 */
export function ProposalForm({ draft, answer }: ProposalFormProps) {
  const refusal = answer && !answer.ok && answer.values?.intent === "propose" ? answer : null;
  const errors = refusal?.errors ?? {};
  const typed = (name: string, initial: string) => refusal?.values?.[name] ?? initial;
  const title = draft.revising ? "Réviser la proposition" : "Faire une proposition";
  return (
    // noValidate: the server's French messages, next to each field, rather than the browser's bubbles.
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="form quote-form quote-proposal-form"
      aria-labelledby="proposition-titre"
    >
      <h3 id="proposition-titre">{title}</h3>
      <input type="hidden" name="intent" value="propose" />
      <input type="hidden" name="lignes" value={draft.rows.length} />
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <p className="muted">
        Pour proposer un produit de remplacement, indiquez sa référence sur la ligne demandée. Videz la référence d&apos;une ligne pour ne
        pas la proposer. Prix unitaires hors taxes, en euros.
      </p>
      <table className="table order-table">
        <caption className="visually-hidden">Lignes de la proposition</caption>
        <thead>
          <tr>
            <th scope="col">Ligne</th>
            <th scope="col">Référence</th>
            <th scope="col">Quantité</th>
            <th scope="col">Prix unitaire HT (€)</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {draft.rows.map((row, index) => {
            const label = `ligne ${index + 1}`;
            return (
              <tr key={index}>
                <th scope="row">
                  <input type="hidden" name={proposalField.position(index)} value={row.answersPosition ?? ""} />
                  {row.asked ?? "Ligne ajoutée"}
                </th>
                <td>
                  <RowInput
                    name={proposalField.ref(index)}
                    label={`Référence, ${label}`}
                    value={typed(proposalField.ref(index), row.ref)}
                    error={errors[proposalField.ref(index)]}
                    size={14}
                    maxLength={60}
                  />
                </td>
                <td>
                  <RowInput
                    name={proposalField.qty(index)}
                    label={`Quantité, ${label}`}
                    value={typed(proposalField.qty(index), row.qty)}
                    error={errors[proposalField.qty(index)]}
                    inputMode="numeric"
                    size={5}
                    maxLength={6}
                  />
                </td>
                <td>
                  <RowInput
                    name={proposalField.price(index)}
                    label={`Prix unitaire HT, ${label}`}
                    value={typed(proposalField.price(index), row.price)}
                    error={errors[proposalField.price(index)]}
                    inputMode="decimal"
                    size={10}
                    maxLength={20}
                  />
                </td>
                <td>
                  <RowInput
                    name={proposalField.note(index)}
                    label={`Note, ${label}`}
                    value={typed(proposalField.note(index), row.note)}
                    error={errors[proposalField.note(index)]}
                    size={20}
                    maxLength={300}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldError id="lignes-erreur" message={errors.lignes} />
      <div className="field">
        <label htmlFor="proposition-validite">Valable jusqu&apos;au (au plus tard le {formatDate(draft.latest)})</label>
        <input
          id="proposition-validite"
          name="validite"
          type="date"
          min={draft.today}
          max={draft.latest}
          defaultValue={typed("validite", draft.validUntil)}
          aria-invalid={errors.validite ? true : undefined}
          aria-describedby={errors.validite ? "proposition-validite-erreur" : undefined}
        />
        <FieldError id="proposition-validite-erreur" message={errors.validite} />
      </div>
      <div className="field">
        <label htmlFor="proposition-conditions">Conditions (paiement, livraison, franco…)</label>
        <textarea
          id="proposition-conditions"
          name="conditions"
          rows={3}
          maxLength={2000}
          defaultValue={typed("conditions", draft.conditions)}
          aria-invalid={errors.conditions ? true : undefined}
          aria-describedby={errors.conditions ? "proposition-conditions-erreur" : undefined}
        />
        <FieldError id="proposition-conditions-erreur" message={errors.conditions} />
      </div>
      <div className="field">
        <label htmlFor="proposition-message">Message au client (facultatif)</label>
        <textarea
          id="proposition-message"
          name="message"
          rows={3}
          maxLength={4000}
          defaultValue={typed("message", draft.message)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "proposition-message-erreur" : undefined}
        />
        <FieldError id="proposition-message-erreur" message={errors.message} />
      </div>
      <p>
        <button type="submit" className="button button--primary">
          {draft.revising ? "Envoyer la nouvelle version" : "Envoyer la proposition"}
        </button>
      </p>
    </Form>
  );
}
