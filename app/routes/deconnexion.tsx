import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireUser } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Déconnexion · NautiDistrib" }];

/** GET never changes state: it only asks for confirmation. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const { session, upstream } = await requireUser(args);
  const { context } = args;
  // The back-office revokes the token; if it cannot be reached, the cookie is still cleared here
  // and the token dies at its expiry.
  await upstream.auth.logout((session.master ?? session.user).obj_id).catch((error: unknown) => {
    context.logger.error({ error: String(error) }, "logout upstream failed");
  });
  // This browser's sockets (every tab, every instance) close with the session.
  context.realtime.disconnectSession(session.sid);
  const headers = new Headers();
  headers.append("Set-Cookie", await context.sessions.end());
  headers.append("Set-Cookie", await context.toasts.set({ type: "info", message: "Vous êtes déconnecté." }));
  return redirect("/connexion", { status: 303, headers });
}

export default function LogoutPage() {
  return (
    <main id="contenu" className="page__main page__main--narrow">
      <section className="card">
        <h1>Se déconnecter ?</h1>
        <p>Votre panier reste enregistré pour votre organisation.</p>
        <Form method="post">
          <button type="submit" className="button button--primary">
            Se déconnecter
          </button>
        </Form>
        <p>
          <Link to="/">Annuler et revenir à l'accueil</Link>
        </p>
      </section>
    </main>
  );
}
