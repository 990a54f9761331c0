/** What routes use of the four checkout steps and the order confirmation (app/services/checkout/). */
export { loadCheckoutState, loadStep, requireCheckoutUser } from "./checkout.server";
export { confirmCheckout, confirmForm } from "./confirm.server";
export { deliveryIntent, saveDelivery } from "./delivery.server";
export { instructionsForm, instructionsValues, saveInstructions } from "./instructions.server";
export { deliveryStepPage, finishStepPage, stepLinks, summaryStepPage } from "./page.server";
export { requestApprovalFromSummary } from "./request.server";
export { REQUEST_APPROVAL_INTENT } from "./types";
