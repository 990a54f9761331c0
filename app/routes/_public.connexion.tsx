import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LoginForm } from "~/components/auth/LoginForm";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { authenticateLogin, landingPathAfterLogin } from "~/services/auth.server";
import { guardRequest } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Connexion · NautiDistrib" }];

/** A throttled login's Retry-After reaches the page's answer (decision 0136). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader(args: LoaderFunctionArgs) {
  await guardRequest(args);
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get("redirectTo"));
  return { redirectTo };
}

export async function action(args: ActionFunctionArgs) {
  await guardRequest(args);
  const { request, context } = args;
  const outcome = await authenticateLogin(request, context);
  if (!outcome.ok) {
    // A throttled login says how long to wait (decision 0136).
    const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
    return data({ errors: outcome.errors, login: outcome.login }, { status: outcome.status, headers });
  }
  const { token, user, master } = outcome.session;
  // A brand-new session: nothing of a cookie set before the login is carried over.
  const headers = new Headers();
  headers.append("Set-Cookie", await context.sessions.start({ token, user, master }));
  headers.append("Set-Cookie", await context.toasts.set({ type: "success", message: `Bienvenue, ${user.obj_name}.` }));
  return redirect(landingPathAfterLogin(outcome), { headers });
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="card card--login" aria-labelledby="titre-connexion">
      <h1 id="titre-connexion">Connexion à votre espace professionnel</h1>
      <p className="muted">Commandez, suivez vos livraisons et consultez vos factures en ligne.</p>
      <LoginForm errors={result?.errors ?? null} defaultLogin={result?.login ?? ""} redirectTo={redirectTo} />
      <ul className="card__links">
        <li>
          <Link to="/mot-de-passe-oublie">Mot de passe oublié ?</Link>
        </li>
        <li>
          <Link to="/demande-ouverture-compte">Pas encore client ? Demander l'ouverture d'un compte</Link>
        </li>
      </ul>
      {/* Open to visitors (decision 0187): who publishes the portal and what it does with the data. */}
      <p className="muted">
        Qui édite ce portail et ce que nous faisons de vos données : <Link to="/mentions-legales">mentions légales</Link> et{" "}
        <Link to="/politique-de-confidentialite">politique de confidentialité</Link>.
      </p>
    </section>
  );
}
