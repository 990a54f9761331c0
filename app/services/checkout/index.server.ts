/** What routes use of the four checkout steps and the order confirmation (app/services/checkout/). */
export { COUNTRIES } from "./address.server";
export { loadCheckoutState, loadStep, redirectWithMessage, requireCheckoutUser } from "./checkout.server";
export { confirmCheckout } from "./confirm.server";
export { deliveryIntent, invoicingAddressOf, saveDelivery } from "./delivery.server";
export { instructionsValues, saveInstructions } from "./instructions.server";
export { redirectAfterPost, stepLinks } from "./page.server";
export { summaryView } from "./summary.server";
