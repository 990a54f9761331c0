import { Form, useNavigation } from "@remix-run/react";
import { formatDateTime } from "@shared/domain/french-format";
import { APPROVERS_CHOICES, RULES_FIELDS, type RulesPersonRow, type RulesRefusal, type RulesView } from "~/services/approvals/types";
import { RulesPeopleTable, type PersonFieldValues } from "./RulesPeopleTable";

/**
 * The organization's purchasing rules in one form (docs/approvals.md « The rules »): the
 * approval threshold, who approves, and each person's limit and budget. One POST, without
 * JavaScript too; a refused form comes back with each message next to its field and what was
 * typed. Read-only for a contributor acting for the client: every field disabled, no button.
 */
export function RulesForm({ view, refusal }: { view: RulesView; refusal?: RulesRefusal | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = refusal?.errors ?? {};
  const typed = refusal?.values;
  const disabled = view.readOnly;
  const threshold = typed ? (typed[RULES_FIELDS.threshold] ?? "") : view.threshold;
  const approversValue = typed ? typed[RULES_FIELDS.approvers] : APPROVERS_CHOICES.find((choice) => choice.mode === view.approvers)?.value;
  const valuesOf = (person: RulesPersonRow): PersonFieldValues =>
    typed
      ? {
          limit: typed[RULES_FIELDS.limit(person.id)] ?? "",
          budget: typed[RULES_FIELDS.budget(person.id)] ?? "",
          approver: typed[RULES_FIELDS.approver(person.id)] === "on",
        }
      : { limit: person.orderLimit, budget: person.monthlyBudget, approver: person.isNamedApprover };
  const thresholdError = errors[RULES_FIELDS.threshold];
  const approversError = errors[RULES_FIELDS.approvers];
  return (
    <Form method="post" className="form rules-form" aria-label="Règles d'achat" noValidate>
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <input type="hidden" name={RULES_FIELDS.people} value={view.people.map((person) => person.id).join(",")} />

      <section aria-labelledby="seuil-titre" className="rules-form__section">
        <h2 id="seuil-titre">Seuil de validation de l'organisation</h2>
        <div className="field">
          <label htmlFor="seuil">Toute commande au-dessus de ce montant doit être validée (€ HT)</label>
          <p id="seuil-aide" className="field__hint">
            Par exemple 5 000 ou 5 000,00. Laissez vide : aucun seuil. Les commandes des personnes qui valident n'y sont pas soumises.
          </p>
          <input
            id="seuil"
            name={RULES_FIELDS.threshold}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            className="rules-amount"
            defaultValue={threshold}
            disabled={disabled}
            aria-invalid={thresholdError ? true : undefined}
            aria-describedby={thresholdError ? "seuil-aide seuil-erreur" : "seuil-aide"}
          />
          {thresholdError ? (
            <p id="seuil-erreur" className="form__error">
              {thresholdError}
            </p>
          ) : null}
        </div>
      </section>

      <fieldset className="rules-form__approvers" aria-describedby={approversError ? "valideurs-erreur" : "valideurs-aide"}>
        <legend>Qui valide les demandes</legend>
        <p id="valideurs-aide" className="field__hint">
          Les administrateurs sont le compte de l'organisation et les personnes qui gèrent les utilisateurs. Des personnes désignées :
          celles cochées dans la colonne « Valide les demandes » ci-dessous. Personne ne valide sa propre demande.
        </p>
        {APPROVERS_CHOICES.map((choice) => (
          <label key={choice.value} className="rules-form__choice">
            <input
              type="radio"
              name={RULES_FIELDS.approvers}
              value={choice.value}
              defaultChecked={approversValue === choice.value}
              disabled={disabled}
            />{" "}
            {choice.label}
          </label>
        ))}
        {approversError ? (
          <p id="valideurs-erreur" className="form__error">
            {approversError}
          </p>
        ) : null}
      </fieldset>

      <section aria-labelledby="personnes-titre" className="rules-form__section">
        <h2 id="personnes-titre">Limites et budgets</h2>
        <p className="field__hint">
          Montants en euros HT ; laissez vide : aucune limite, aucun budget. Une commande au-dessus de la limite, ou de ce qui reste du
          budget du mois, est envoyée pour validation au lieu d'être passée.
        </p>
        {view.people.length > 0 ? (
          <RulesPeopleTable people={view.people} valuesOf={valuesOf} errors={errors} disabled={disabled} />
        ) : (
          <p>Aucune personne n'a encore de compte dans votre organisation.</p>
        )}
      </section>

      {view.updatedAt ? (
        <p className="muted">
          Dernière modification le {formatDateTime(view.updatedAt)}
          {view.updatedBy ? ` par ${view.updatedBy}` : ""}.
        </p>
      ) : null}
      {disabled ? null : (
        <p>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Enregistrement…" : "Enregistrer les règles"}
          </button>
        </p>
      )}
    </Form>
  );
}
