import { Link } from "@remix-run/react";

interface ErrorPageProps {
  status: number;
  /** Shown on a 500 page so support can find the log line; never the error itself. */
  requestId: string | null;
  /** A French message meant for users (upstream refusals, unavailable service). */
  message: string | null;
}

export function ErrorPage({ status, requestId, message }: ErrorPageProps) {
  if (status === 404) {
    return (
      <main className="error-page" id="contenu">
        <p className="error-page__code">404</p>
        <h1>Page Not Found</h1>
        <p>La page demandée n'existe pas.</p>
        <Link to="/" className="button">
          Retour à l'accueil
        </Link>
      </main>
    );
  }
  const unavailable = status === 503;
  return (
    <main className="error-page" id="contenu">
      <p className="error-page__code">{status}</p>
      <h1>{unavailable ? "Service momentanément indisponible" : "Une erreur est survenue"}</h1>
      <p>
        {message ??
          (unavailable
            ? "Le service est momentanément indisponible. Réessayez dans quelques instants."
            : "Nous n'avons pas pu afficher cette page. Réessayez dans quelques instants.")}
      </p>
      {requestId ? (
        <p className="error-page__reference">
          Référence de l'incident : <code>{requestId}</code>
        </p>
      ) : null}
      <Link to="/" className="button">
        Retour à l'accueil
      </Link>
    </main>
  );
}

export function errorTitle(status: number): string {
  if (status === 404) return "Page Not Found";
  return status === 503 ? "Service indisponible" : "Erreur";
}
