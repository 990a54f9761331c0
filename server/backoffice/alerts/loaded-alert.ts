import type { AlertKind } from "@shared/contracts/alerts";
import type { AlertFacts } from "./templates";

/** What an alert says and to whom, read from the committed rows (events.ts, approval-alerts.ts). */
export interface LoadedAlert {
  kind: AlertKind;
  key: string;
  orgId: number;
  /** Only this user is told (a favourite is a user's own); otherwise the organization's. */
  onlyUser: number | null;
  /**
   * Exactly these users, people accounts included (an approval's approvers or requester:
   * decision 0193); they may still turn the kind off with the e-mail's link.
   */
  users?: number[];
  facts: AlertFacts;
  /** The portal page the alert is about. */
  path: string;
  /**
   * Who the event's own e-mail already reached (the order confirmation goes to the
   * organization's account and to the person who ordered): they get no second e-mail of it.
   */
  toldAlready?: { usrIds: number[]; organizationAccounts: boolean };
}
