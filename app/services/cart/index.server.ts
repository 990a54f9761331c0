/** What routes use of the shared cart: reading, changing, adding, quick order, certificates (app/services/cart/). */
export { addToCartForm, addToCartFromForm } from "./add.server";
export { saveCertificateForm } from "./certificates.server";
export { cartIntent } from "./intents.server";
export { todaysCartPage } from "./page.server";
export { quickOrderPage, runQuickOrderForm } from "./quick-order-page.server";
export { saveCartForm } from "./save.server";
export type { QuickOrderAnswer } from "./types";
