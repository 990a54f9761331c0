/** What routes use of the returns' pages (app/services/returns/, docs/returns-portal.md). */
export { requireReturnsUser } from "./user.server";
export type { ReturnsUser } from "./user.server";
export { loadReturnList } from "./list-page.server";
export { createReturnAction, loadReturnForm } from "./new-page.server";
export { loadReturnPage, returnAction } from "./detail-page.server";
export { returnPhoto, returnSlip } from "./files.server";
export { loadOrderReturns } from "./order-returns.server";
