import { Form, useNavigation } from "@remix-run/react";
import type { LoginFormErrors } from "~/lib/login-form";

export interface LoginFormProps {
  errors: LoginFormErrors | null;
  /** The login typed before a refusal, so the user does not type it again. */
  defaultLogin: string;
  redirectTo: string | null;
}

/** A plain POST form: it works without JavaScript; with it, the button shows the wait. */
export function LoginForm({ errors, defaultLogin, redirectTo }: LoginFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/connexion";
  return (
    <Form method="post" action="/connexion" noValidate className="form" aria-describedby={errors?.form ? "erreur-connexion" : undefined}>
      {errors?.form ? (
        <p id="erreur-connexion" className="form__error form__error--global" role="alert">
          {errors.form}
        </p>
      ) : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="field">
        <label htmlFor="login">Identifiant (adresse e-mail)</label>
        <input
          id="login"
          name="login"
          type="email"
          autoComplete="username"
          required
          maxLength={120}
          defaultValue={defaultLogin}
          aria-invalid={errors?.login ? true : undefined}
          aria-describedby={errors?.login ? "login-erreur" : undefined}
        />
        {errors?.login ? (
          <p id="login-erreur" className="form__error">
            {errors.login}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="password">Mot de passe</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          aria-invalid={errors?.password ? true : undefined}
          aria-describedby={errors?.password ? "password-erreur" : undefined}
        />
        {errors?.password ? (
          <p id="password-erreur" className="form__error">
            {errors.password}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? "Connexion…" : "Se connecter"}
      </button>
    </Form>
  );
}
