import {
  alertPreferencesResponse,
  unsubscribeResponse,
  type AlertKind,
  type AlertPreferencesResponse,
  type UnsubscribeResponse,
} from "@shared/contracts/alerts";
import type { UpstreamHttp } from "./http.server";

/**
 * The back-office's e-mail alerts (shared/contracts/alerts.ts, docs/alerts.md): the caller's
 * own choices (a people account: a 403 UpstreamError), and the public unsubscribe link, whose
 * signed token is the only proof (no session needed). A tampered or unknown token is a 404
 * UpstreamError, a link already used a 410.
 */
export interface AlertsClient {
  preferences(): Promise<AlertPreferencesResponse>;
  /** Replaces the choices: every kind left out of `enabled` is turned off. */
  save(enabled: readonly AlertKind[]): Promise<AlertPreferencesResponse>;
  /** Public: which alert the link turns off, changing nothing. */
  unsubscribeInfo(token: string): Promise<UnsubscribeResponse>;
  /** Public: turns that alert off; the link is then used up. */
  unsubscribe(token: string): Promise<UnsubscribeResponse>;
}

export function createAlertsClient(http: UpstreamHttp): AlertsClient {
  return {
    preferences: () => http.send({ method: "GET", path: "api/crm/alerts", schema: alertPreferencesResponse }),
    save: (enabled) => http.send({ method: "PUT", path: "api/crm/alerts", body: { enabled }, schema: alertPreferencesResponse }),
    unsubscribeInfo: (token) => http.send({ method: "GET", path: "api/alerts/unsubscribe", query: { token }, schema: unsubscribeResponse }),
    unsubscribe: (token) => http.send({ method: "POST", path: "api/alerts/unsubscribe", query: { token }, schema: unsubscribeResponse }),
  };
}
