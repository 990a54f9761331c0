import { Form } from "@remix-run/react";
import type { PasswordField, PasswordRefusal, PasswordView } from "~/services/account-settings/types";

function FieldError({ field, message }: { field: PasswordField; message: string | undefined }) {
  return message ? (
    <p id={`${field}-erreur`} className="form__error">
      {message}
    </p>
  ) : null;
}

/**
 * The password change: the current password, the new one twice. The rule is stated before
 * typing; a refused new password comes back with the reasons and advice in French under it.
 */
export function PasswordForm({ view, refusal }: { view: PasswordView; refusal?: PasswordRefusal | undefined }) {
  const errors = refusal?.errors ?? {};
  const advice = refusal?.advice ?? [];
  const describe = (field: PasswordField, extra?: string) => {
    const ids = [errors[field] ? `${field}-erreur` : null, extra ?? null].filter(Boolean).join(" ");
    return { "aria-invalid": errors[field] ? true : undefined, "aria-describedby": ids || undefined };
  };
  return (
    <Form method="post" className="form password-form" aria-label="Changer le mot de passe">
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="actuel">Mot de passe actuel</label>
        <input id="actuel" name="actuel" type="password" autoComplete="current-password" aria-required="true" {...describe("actuel")} />
        <FieldError field="actuel" message={errors.actuel} />
      </div>
      <div className="field">
        <label htmlFor="nouveau">Nouveau mot de passe</label>
        <p id="nouveau-regle" className="muted">
          Au moins {view.minLength} caractères, difficile à deviner : évitez les mots du dictionnaire, les prénoms, les dates et les suites du clavier. Une phrase de plusieurs mots sans rapport entre eux est un bon choix.
        </p>
        <input id="nouveau" name="nouveau" type="password" autoComplete="new-password" aria-required="true" {...describe("nouveau", advice.length > 0 ? "nouveau-conseils nouveau-regle" : "nouveau-regle")} />
        <FieldError field="nouveau" message={errors.nouveau} />
        {advice.length > 0 ? (
          <ul id="nouveau-conseils" className="form__advice">
            {advice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="confirmation">Confirmez le nouveau mot de passe</label>
        <input id="confirmation" name="confirmation" type="password" autoComplete="new-password" aria-required="true" {...describe("confirmation")} />
        <FieldError field="confirmation" message={errors.confirmation} />
      </div>
      <p className="muted">Vos autres sessions seront fermées et un e-mail vous confirmera le changement.</p>
      <button type="submit" className="button">
        Changer le mot de passe
      </button>
    </Form>
  );
}
