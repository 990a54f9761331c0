import type { AlertsAudience } from "~/services/alerts/types";

/** Whose alerts these are and where they go (docs/alerts.md « Portal pages »). */
export function AlertsIntro({ email, audience }: { email: string; audience: AlertsAudience }) {
  switch (audience.kind) {
    case "organization":
      return (
        <p>
          Choisissez les e-mails envoyés à <strong>{email}</strong> quand une commande, une facture ou un devis de votre organisation
          change.
        </p>
      );
    case "contributor":
      return (
        <p>
          Choisissez les e-mails que vous recevez à <strong>{email}</strong> pour les organisations dont vous êtes le commercial : vos choix
          valent pour tous vos clients.
        </p>
      );
    case "acting":
      return (
        <p>
          Vous agissez pour <strong>{audience.clientName}</strong> : ce sont les alertes de son compte, envoyées à <strong>{email}</strong>.
          Vos propres alertes se choisissent depuis votre compte, hors connexion à un client.
        </p>
      );
  }
}

/** Always said: some e-mails are not alerts, and every alert can be stopped from itself. */
export function AlertsNote() {
  return (
    <p className="alerts-note muted">
      Les e-mails de sécurité (invitation, changement de mot de passe) sont toujours envoyés : ils ne se désactivent pas. Chaque alerte
      contient un lien « Ne plus recevoir cette alerte ».
    </p>
  );
}
