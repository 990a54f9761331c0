import type { AlertKind } from "@shared/contracts/alerts";

/**
 * What the alerts pages show (docs/alerts.md « Portal pages »): plain types, so components import
 * them without any server code.
 */

/** Whose alerts the page sets: the organization account's, a representative's own, or its client's while acting for it. */
export type AlertsAudience = { kind: "organization" } | { kind: "contributor" } | { kind: "acting"; clientName: string };

export interface AlertChoice {
  kind: AlertKind;
  label: string;
  /** When it is sent, in one line. */
  description: string;
  enabled: boolean;
}

export interface AlertsPageView {
  /** Where the alerts go (the account's login). */
  email: string;
  audience: AlertsAudience;
  /** The kinds that can reach this account, in the contract's order. */
  choices: AlertChoice[];
}

/** A refused save, drawn on the form: nothing was changed. */
export interface AlertsRefusal {
  ok: false;
  message: string;
}

/**
 * The unsubscribe page (/desabonnement?jeton=…): « ask » before the button, « done » after it,
 * « used » for a link that already served, « refused » for a tampered, unknown or cut link.
 */
export type UnsubscribeView =
  | { state: "ask"; token: string; label: string }
  | { state: "done"; label: string }
  | { state: "used"; label: string | null }
  | { state: "refused" };
