/** What the home route uses (app/services/home/). */
export { HOME_QUICK_ORDER_ROWS, loadHome } from "./home.server";
export { requireHomeUser } from "./user.server";
export type { HomeUser } from "./user.server";
