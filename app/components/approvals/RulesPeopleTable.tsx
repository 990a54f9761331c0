import { formatEuros } from "@shared/domain/french-format";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { RULES_FIELDS, type RulesPersonRow } from "~/services/approvals/types";
import type { FieldErrors } from "~/services/forms/types";

/** What a person's row shows and sends: as typed after a refusal, as saved otherwise. */
export interface PersonFieldValues {
  limit: string;
  budget: string;
  approver: boolean;
}

const COLUMNS = {
  person: "Personne",
  orders: "Droit de commander",
  limit: "Limite par commande (€ HT)",
  budget: "Budget mensuel (€ HT)",
  spent: "Dépensé ce mois-ci (HT)",
  approver: "Valide les demandes",
} as const;

function AmountInput({
  name,
  label,
  value,
  error,
  disabled,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
}) {
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
        inputMode="decimal"
        autoComplete="off"
        size={10}
        maxLength={20}
        placeholder="Aucune"
        defaultValue={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rules-amount"
      />
      {error ? (
        <span id={errorId} className="form__error rules-table__error">
          {error}
        </span>
      ) : null}
    </>
  );
}

/**
 * The organization's people and their rules: limit per order and monthly budget (euros HT,
 * empty for none), what they spent this month, their `orders` right (without it every order
 * goes for approval), and whether they are named to approve. Each cell is named on a phone
 * (LabelledCell, decision 0189).
 */
export function RulesPeopleTable({
  people,
  valuesOf,
  errors,
  disabled,
}: {
  people: RulesPersonRow[];
  valuesOf: (person: RulesPersonRow) => PersonFieldValues;
  errors: FieldErrors;
  disabled: boolean;
}) {
  return (
    <div className="rules-table__scroll">
      <table className="table rules-table">
        <caption>Limites et budgets des personnes</caption>
        <thead>
          <tr>
            {Object.values(COLUMNS).map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => {
            const values = valuesOf(person);
            const limit = RULES_FIELDS.limit(person.id);
            const budget = RULES_FIELDS.budget(person.id);
            const approver = RULES_FIELDS.approver(person.id);
            return (
              <tr key={person.id} data-testid={`rules-person-${person.id}`}>
                <th scope="row">
                  {person.name}
                  {person.isAdmin ? <span className="tag rules-table__admin">Administrateur</span> : null}
                  <br />
                  <span className="muted">{person.title ? `${person.title} · ${person.login}` : person.login}</span>
                </th>
                <LabelledCell label={COLUMNS.orders}>
                  {person.canOrder ? (
                    "Oui"
                  ) : (
                    <>
                      Non <span className="muted">: toute commande de sa part est envoyée pour validation</span>
                    </>
                  )}
                </LabelledCell>
                <LabelledCell label={COLUMNS.limit}>
                  <AmountInput
                    name={limit}
                    label={`Limite par commande de ${person.name}, en euros HT`}
                    value={values.limit}
                    error={errors[limit]}
                    disabled={disabled}
                  />
                </LabelledCell>
                <LabelledCell label={COLUMNS.budget}>
                  <AmountInput
                    name={budget}
                    label={`Budget mensuel de ${person.name}, en euros HT`}
                    value={values.budget}
                    error={errors[budget]}
                    disabled={disabled}
                  />
                </LabelledCell>
                <LabelledCell label={COLUMNS.spent}>
                  {person.spentThisMonth === null ? "—" : formatEuros(person.spentThisMonth)}
                </LabelledCell>
                <LabelledCell label={COLUMNS.approver}>
                  <input id={approver} name={approver} type="checkbox" value="on" defaultChecked={values.approver} disabled={disabled} />
                  <label htmlFor={approver} className="visually-hidden">
                    {`${person.name} valide les demandes`}
                  </label>
                </LabelledCell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
