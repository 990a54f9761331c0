import { escapeHtml } from "../quotes/mail/compose";

/**
 * The small page a browser gets from an alert's unsubscribe link (alerts/routes.ts): GET never
 * changes anything, so it asks, with one button that works without JavaScript (a POST form to
 * the same link); then it says what was done. Plain HTML, French, no script.
 */

export interface UnsubscribePageInput {
  state: "ask" | "done" | "used" | "refused";
  /** The alert's label (« Commande expédiée »). */
  label: string;
  /** Where the button posts: the link itself. */
  action: string;
}

const ACCOUNT = `<p><a href="/mon-compte/alertes-emails">Choisir mes alertes dans mon espace client</a></p>`;

function content({ state, label, action }: UnsubscribePageInput): string {
  switch (state) {
    case "ask":
      return `<h1>Ne plus recevoir l'alerte « ${escapeHtml(label)} »</h1>
<p>Vous ne recevrez plus cet e-mail. Les autres alertes et les e-mails de sécurité ne changent pas.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Me désabonner</button></form>${ACCOUNT}`;
    case "done":
      return `<h1>Désabonnement enregistré</h1>
<p>Vous ne recevrez plus l'alerte « ${escapeHtml(label)} ». Vous pouvez la réactiver à tout moment.</p>${ACCOUNT}`;
    case "used":
      return `<h1>Lien déjà utilisé</h1><p>Ce lien de désabonnement a déjà servi.</p>${ACCOUNT}`;
    case "refused":
      return `<h1>Lien non valable</h1><p>Ce lien de désabonnement n'est pas valable : vérifiez qu'il est complet.</p>${ACCOUNT}`;
  }
}

export function unsubscribePage(input: UnsubscribePageInput): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Alertes e-mail — NautiDistrib</title></head><body>
${content(input)}
</body></html>`;
}
