function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** What a bare error page says for a status: the app's own words (app/components/ui/ErrorPage.tsx). */
function wordsFor(status: number): { heading: string; message: string } {
  if (status === 404) return { heading: "Page Not Found", message: "La page demandée n'existe pas." };
  if (status === 400) return { heading: "Demande mal formée", message: "L'adresse ou le formulaire envoyé est mal formé." };
  if (status === 401 || status === 403) return { heading: "Accès refusé", message: "Vous n'avez pas accès à cette page." };
  if (status === 503)
    return {
      heading: "Service momentanément indisponible",
      message: "Le service est momentanément indisponible. Réessayez dans quelques instants.",
    };
  if (status < 500) return { heading: "Demande refusée", message: "La demande n'a pas pu aboutir." };
  return { heading: "Une erreur est survenue", message: "Une erreur est survenue. Réessayez dans quelques instants." };
}

/**
 * A short French error page, for what the app's own error pages cannot show: a request refused
 * before Remix answered (error-answer.ts), a file route's refusal (remix-handler.ts), with the
 * request id (the reference of the log line); `heading` and `message` replace the status's
 * usual words.
 */
export function frenchErrorPage(status: number, requestId: string, words: { heading: string; message: string } = wordsFor(status)): string {
  const reference = `<p>Référence de l'incident : <code>${escapeHtml(requestId)}</code></p>`;
  return (
    `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(status === 404 ? "Page Not Found" : `Erreur ${status}`)} · NautiDistrib</title></head>` +
    `<body><main><p>${status}</p><h1>${escapeHtml(words.heading)}</h1><p>${escapeHtml(words.message)}</p>${reference}<p><a href="/">Retour à l'accueil</a></p></main></body></html>`
  );
}
