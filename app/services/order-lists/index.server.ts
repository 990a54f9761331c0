/** What routes and other pages use of the order lists (app/services/order-lists/, docs/order-lists.md). */
export { listPageAction } from "./actions.server";
export { exportList } from "./export.server";
export { createListAction } from "./lists.server";
export { makeListAction } from "./make.server";
export { editableListsFor, loadListPage, loadListsPage } from "./pages.server";
export { requireListsUser } from "./user.server";
export type { ListsUser } from "./user.server";
