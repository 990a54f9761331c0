/** What routes use of scheduled replenishment's pages (app/services/replenishment/, docs/replenishment-portal.md). */
export { requireReplenishmentUser } from "./user.server";
export type { ReplenishmentUser } from "./user.server";
export { createScheduleAction, loadScheduleList } from "./list-page.server";
export { DELETE_PARAM, loadSchedulePage, scheduleAction } from "./detail-page.server";
