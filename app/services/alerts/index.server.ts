/** What routes use of the e-mail alerts (app/services/alerts/, docs/alerts.md). */
export { ALERTS_PATH, loadAlertsPage, requireAlertsUser, saveAlertsFromForm, UNKNOWN_ALERT } from "./preferences.server";
export type { AlertsUser } from "./preferences.server";
export { loadUnsubscribe, unsubscribeFromForm } from "./unsubscribe.server";
