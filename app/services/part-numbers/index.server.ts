/** What routes and other features use of the customer's own part numbers (app/services/part-numbers/, docs/part-numbers-portal.md). */
export { partNumbersAction } from "./actions.server";
export { ownCodesOf, productIdsOf, startCartOwnCodes } from "./lookup.server";
export { canChangePartNumbers, loadPartNumbersPage, requirePartNumbersUser } from "./page.server";
export { partNumbersTemplate } from "./template.server";
export { productByReferenceOrOwnCode, type TypedProduct } from "./find.server";
