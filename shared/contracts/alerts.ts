import { z } from "zod";

/**
 * The e-mail alerts a user chooses (docs/alerts.md, decision 0117). Spec section 6: every class
 * but people configures its own; people accounts get none. GET /api/crm/alerts gives the
 * caller's choices, PUT replaces them; a one-click link in each alert turns its kind off
 * (POST /api/alerts/unsubscribe?token=…, public, signed). Security e-mails (password changed,
 * invitation) are not alerts: nobody can turn them off.
 */

export const ALERT_KINDS = [
  "order_confirmed",
  "order_shipped",
  "invoice_issued",
  "invoice_overdue",
  "backorder_available",
  "favourite_back_in_stock",
  "quote_answered",
  "quote_expiring",
  "news",
  "approval_requested",
  "approval_decided",
  "replenishment_reminder",
  "replenishment_failed",
  "return_answered",
  "return_settled",
] as const;

export const alertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKind>;

/** What the preferences page and the e-mails call each kind. */
export const ALERT_LABELS: Record<AlertKind, string> = {
  order_confirmed: "Commande confirmée",
  order_shipped: "Commande expédiée",
  invoice_issued: "Facture émise",
  invoice_overdue: "Facture échue non réglée",
  backorder_available: "Reliquat disponible",
  favourite_back_in_stock: "Favori de retour en stock",
  quote_answered: "Réponse à une demande de devis",
  quote_expiring: "Devis bientôt expiré",
  news: "Actualités et nouveautés",
  approval_requested: "Commande à valider",
  approval_decided: "Décision sur une demande de validation",
  replenishment_reminder: "Rappel avant une commande programmée",
  replenishment_failed: "Commande programmée non passée",
  return_answered: "Réponse à une demande de retour",
  return_settled: "Retour réglé : avoir émis ou échange expédié",
};

/**
 * A user who never chose gets every alert but the news (decision 0117): the events are about
 * its own orders, invoices and quotes, which it expects to hear of; the news it must ask for.
 */
export const DEFAULT_ALERTS: Record<AlertKind, boolean> = {
  order_confirmed: true,
  order_shipped: true,
  invoice_issued: true,
  invoice_overdue: true,
  backorder_available: true,
  favourite_back_in_stock: true,
  quote_answered: true,
  quote_expiring: true,
  news: false,
  // Issue 37: the approvers and the requester hear of the request and its decision (decision 0193).
  approval_requested: true,
  approval_decided: true,
  // Issue 38: a schedule's owner hears of its next run a few days before, and of a run that placed nothing.
  replenishment_reminder: true,
  replenishment_failed: true,
  // Issue 39: the organization hears of its returns' answer and of the credit note or replacement.
  return_answered: true,
  return_settled: true,
};

export const alertPreference = z.object({ kind: alertKind, label: z.string(), enabled: z.boolean() }).strict();
export type AlertPreference = z.infer<typeof alertPreference>;

/** GET and PUT /api/crm/alerts: every kind, in ALERT_KINDS order, with the caller's choice. */
export const alertPreferencesResponse = z.object({ email: z.string(), preferences: z.array(alertPreference) }).strict();
export type AlertPreferencesResponse = z.infer<typeof alertPreferencesResponse>;

/** PUT /api/crm/alerts: the kinds wanted; every kind left out is turned off. */
export const alertPreferencesRequest = z.object({ enabled: z.array(alertKind).max(ALERT_KINDS.length) }).strict();
export type AlertPreferencesRequest = z.infer<typeof alertPreferencesRequest>;

/** ?token=… of the unsubscribe link. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) }).strict();

/** GET (what the link would do) and POST (done) /api/alerts/unsubscribe. */
export const unsubscribeResponse = z.object({ kind: alertKind, label: z.string(), unsubscribed: z.boolean() }).strict();
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;
