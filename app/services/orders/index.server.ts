/** What routes use of the account pages: orders, back-orders, purchase history (app/services/orders/, decision 0098). */
export { loadAccountHome } from "./account.server";
export { exportBackorders, loadBackorderPage, requestCancellation } from "./backorders.server";
export { loadOrderPage } from "./detail.server";
export { exportOrderLines } from "./lines-export.server";
export { loadHistoryPage } from "./history.server";
export { exportOrderList, loadOrderList } from "./list.server";
export { requireOrdersUser } from "./user.server";
export type { OrdersUser } from "./user.server";
export { confirmReorder, loadReorderProposal, putLinesBackIntoCart } from "./reorder.server";
export type { LinesBackSource, ReorderSourceLine } from "./reorder.server";
