/** What routes use of the shared cart: reading, changing, adding, quick order, certificates (app/services/cart/). */
export { addToCart, addToCartForm } from "./add.server";
export { CartRefused, assertCanChangeCart, changeCart, loadCart } from "./cart.server";
export { attachCertificate, certificateIntent, detachCertificate } from "./certificates.server";
export { cartFailureOf } from "./failure.server";
export { cartIntent, changeFor, successMessage } from "./intents.server";
export { runQuickOrder } from "./quick-order.server";
export { GRID_LABEL, QUICK_ORDER_GRID_ROWS, QuickOrderFileError, QuickOrderTooLarge, TEXT_LABEL, fileSource, formKeyAfter, gridLeft, gridSource, readQuickOrderForm, textLeft, textSource, typedText } from "./quick-order-input.server";
export type { GridRow, QuickOrderSource } from "./quick-order-input.server";
export { addedMessage, firstIssue, redirectWithToast, textFields } from "./respond.server";
export { shippingContextFor } from "./shipping.server";
export { UploadTooLarge, fileField, readUploadForm } from "./upload.server";
export { cartView } from "./view.server";
