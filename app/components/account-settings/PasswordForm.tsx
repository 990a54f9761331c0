import { Form } from "@remix-run/react";
import type { PasswordRefusal, PasswordView } from "~/services/account-settings/types";
import { NewPasswordFields, PasswordFieldError, describedBy } from "~/components/users/PasswordStrength";

/**
 * The password change: the current password, the new one twice (PasswordStrength.tsx, shared
 * with the invitation's page). A plain POST form: it works without JavaScript; a refusal comes
 * back with each message next to its field and nothing typed drawn again.
 */
export function PasswordForm({ view, refusal }: { view: PasswordView; refusal?: PasswordRefusal | undefined }) {
  const errors = refusal?.errors ?? {};
  return (
    <Form method="post" noValidate className="form password-form" aria-label="Changer le mot de passe">
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="actuel">Mot de passe actuel</label>
        <input
          id="actuel"
          name="actuel"
          type="password"
          autoComplete="current-password"
          required
          {...describedBy("actuel", errors.actuel)}
        />
        <PasswordFieldError field="actuel" message={errors.actuel} />
      </div>
      <NewPasswordFields minLength={view.minLength} label="Nouveau mot de passe" errors={errors} advice={refusal?.advice ?? []} />
      <p className="muted">Vos autres sessions seront fermées, sur tous vos appareils, et un e-mail vous confirmera le changement.</p>
      <button type="submit" className="button button--primary">
        Changer le mot de passe
      </button>
    </Form>
  );
}
