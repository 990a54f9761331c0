import { Form } from "@remix-run/react";
import type { AlertChoice, AlertsRefusal } from "~/services/alerts/types";
import alertsStyles from "./alerts.css";

/** Add it to the `links` of a route that shows AlertsForm or UnsubscribeCard. */
export const alertsStylesheet = { rel: "stylesheet", href: alertsStyles } as const;

export interface AlertsFormProps {
  choices: AlertChoice[];
  refusal?: AlertsRefusal | undefined;
}

/**
 * One checkbox per alert, with the line saying when it is sent, and one « Enregistrer »: a plain
 * POST form (works without JavaScript) where each ticked box sends `alerte=<kind>` and an
 * unticked one nothing, so the boxes sent are the alerts wanted. The form is drawn again from
 * the saved choices after each save (its key), never left showing what was not saved.
 */
export function AlertsForm({ choices, refusal }: AlertsFormProps) {
  const saved = choices.map((choice) => `${choice.kind}:${choice.enabled ? 1 : 0}`).join(",");
  return (
    <Form method="post" className="form" key={saved} aria-label="Mes alertes e-mail">
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <fieldset className="alert-choices">
        <legend>Recevoir un e-mail…</legend>
        <ul className="alert-choices__list">
          {choices.map((choice) => {
            const id = `alerte-${choice.kind}`;
            return (
              <li key={choice.kind} className="alert-choice">
                <input
                  type="checkbox"
                  id={id}
                  name="alerte"
                  value={choice.kind}
                  defaultChecked={choice.enabled}
                  aria-describedby={`${id}-quand`}
                />
                <label htmlFor={id}>{choice.label}</label>
                <p id={`${id}-quand`} className="alert-choice__description">
                  {choice.description}
                </p>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p>
        <button type="submit" className="button button--primary">
          Enregistrer
        </button>
      </p>
    </Form>
  );
}
