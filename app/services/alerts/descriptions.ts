import type { AlertKind } from "@shared/contracts/alerts";

/**
 * One line per alert saying when it is sent (docs/alerts.md « Kinds and defaults »), under its
 * switch on /mon-compte/alertes-emails. Written for the organization; a representative reads
 * them for each of its clients.
 */
export const ALERT_DESCRIPTIONS: Record<AlertKind, string> = {
  order_confirmed: "À chaque commande passée pour l'organisation, avec sa référence et son nombre de lignes.",
  order_shipped: "À chaque expédition d'une commande, avec le transporteur et le numéro de suivi.",
  invoice_issued: "Quand une facture est émise ; son PDF est alors dans l'espace client.",
  invoice_overdue: "Quand une facture a passé son échéance sans être entièrement réglée (une seule fois par facture).",
  backorder_available: "Quand un article en reliquat sur une commande est de nouveau en stock.",
  favourite_back_in_stock: "Quand un article de vos favoris, épuisé, revient en stock.",
  quote_answered:
    "Quand le commercial répond à une demande de devis faite depuis ce compte : proposition, révision ou demande de précisions.",
  quote_expiring: "Quelques jours avant la fin de validité d'un devis proposé à ce compte.",
  news: "Les actualités et nouveautés de NautiDistrib (aucune n'est envoyée pour le moment).",
  approval_requested: "Quand une personne de l'organisation envoie une commande à valider, si ce compte fait partie de ceux qui valident.",
  approval_decided: "Quand une commande que ce compte a envoyée à valider est validée ou refusée.",
  replenishment_reminder: "Quelques jours avant chaque commande programmée de ce compte, pour la modifier ou la sauter à temps.",
  replenishment_failed:
    "Quand une commande programmée de ce compte n'a pas pu être passée (produit arrêté, hausse de prix, adresse manquante), avec la raison.",
  return_answered: "Quand une demande de retour de l'organisation est acceptée (avec son bon de retour) ou refusée (avec le motif).",
  return_settled: "Quand un retour de l'organisation est réglé : l'avoir est émis, ou l'article de remplacement est expédié.",
};
