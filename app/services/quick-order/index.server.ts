/** What routes use of the quick order's helpers (app/services/quick-order/). */
export { referencePreview } from "./preview.server";
export { quickOrderTemplate } from "./template.server";
