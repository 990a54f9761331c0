/** What routes use of the four checkout steps and the order confirmation (app/services/checkout/). */
export { loadCheckoutState, loadStep, requireCheckoutUser } from "./checkout.server";
export { confirmCheckout, confirmForm } from "./confirm.server";
export { deliveryIntent, saveDelivery } from "./delivery.server";
export { instructionsForm, instructionsValues, saveInstructions } from "./instructions.server";
export { deliveryStepPage, finishStepPage, stepLinks } from "./page.server";
export { summaryView } from "./summary.server";
