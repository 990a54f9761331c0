/**
 * The domain of the portal, shared by the portal's loaders and actions and by the back-office:
 * pure TypeScript, no I/O, no clock (today is a parameter).
 */
export type { AccountContext, AccountingCategory } from "./account";
export {
  ACCOUNTING_CATEGORIES,
  EXPORT_CATEGORY,
  TAX_EXEMPT_CATEGORIES,
  accountContextOf,
  isCorsica,
  isExportAccount,
  isTagIntegrator,
  isTaxExempt,
} from "./account";
export { FRIDAY, dayOfWeek, isFriday, parisDate } from "./calendar";
export { frenchOrder } from "./french-order";
export type { CartOptions, NewCartProduct } from "./cart";
export {
  DEFAULT_LDD,
  MAX_LINE_QTY,
  addProduct,
  assertLineQuantity,
  clearCart,
  emptyCart,
  promotionNameInReference,
  removeLine,
  setCertificates,
  setOptions,
  setQuantity,
} from "./cart";
export type { CartChange } from "./cart-change";
export { applyCartChange, applyCartChangeWithoutShipping } from "./cart-change";
export { leanCart, normalizeCart, readStoredCart, withUniqueLineIds } from "./cart-input";
export {
  QUICK_ORDER_MAX_LINES,
  parseQuickOrderRows,
  parseQuickOrderText,
  splitQuickOrderLine,
  type QuickOrderEntry,
  type QuickOrderIssue,
  type QuickOrderParse,
} from "./quick-order";
export type { DomainIssue } from "./errors";
export { DomainError, isDomainError } from "./errors";
export type { InvoiceTotals, PaymentTerms, StatusFacts, StatusOnDay, TotalledLine, VatExemptionKind } from "./invoices";
export {
  STANDARD_VAT_PERCENT,
  addDaysTo,
  belgianVatNumber,
  daysBetween,
  discountPercent,
  dueDate,
  endOfMonth,
  frenchVatNumber,
  invoiceNumberOf,
  invoiceStatusOn,
  invoiceTotals,
  luhnValid,
  paymentTermsLabel,
  vatExemptionOf,
  vatPercentOf,
  withLuhnDigit,
} from "./invoices";
export { VAT_RATE, applyPercentOff, eurosToCents, roundCents, vatOn } from "./money";
export type { DateInput } from "./french-format";
export {
  formatDate,
  formatDateTime,
  formatEuros,
  formatFileSize,
  formatNumericDate,
  formatNumericDateTime,
  formatPercent,
  formatPlainAmount,
  formatPlainNumber,
  formatQuantity,
} from "./french-format";
export type {
  BackorderFacts,
  BackorderQuantities,
  EventData,
  LineQuantities,
  OrderMove,
  ShipmentPlan,
  ShippableLine,
} from "./order-lifecycle";
export {
  backorderState,
  backorderUnits,
  eventLabel,
  moveRefusal,
  planShipment,
  remainingOf,
  shortfall,
  statusAfterQuantities,
} from "./order-lifecycle";
export type { FlagChange, Permissions, PriceAndInvoiceFlags } from "./permissions";
export { changeFlags, INVOICES_NEED_PRICES, invoicesVisible, invoicesWithoutPrices, permissionsOf } from "./permissions";
export { isPromotionApplied, lineEcotaxe, lineNetPrice, lineTotalHt, lineUnitPrice, lineWeightGrams } from "./pricing";
export type { NetPrice, PriceableProduct, PriceCondition, PriceConditions } from "./customer-price";
export { NO_CONDITIONS, applicableCondition, conditionRunsOn, customerNetPrice, discountedPrice, impliedDiscount } from "./customer-price";
export type { ShippingRef } from "./references";
export { SHIPPING_REFS, isShippingReference, normalizeReference, ownCodeKey } from "./references";
export { matchingRules, ruleMatches, shippingLine, shippingLinesFor, withShipping } from "./shipping";
export type { ProductFamilies, ShippingContext, ShippingFacts } from "./shipping-facts";
export { shippingFacts, zoneOf } from "./shipping-facts";
export type { Delivery, Family, QuantityRule, ShippingRule, Zone } from "./shipping-rules";
export { FREE_SHIPPING_MIN_SUBTOTAL, HEAVY_PARCEL_WAIVED_FROM, LIGHT_PARCEL_MAX_GRAMS, SHIPPING_RULES } from "./shipping-rules";
export type { ShownTotalKey, ShownTotalLine, ShownTotals, Totals, VatAtRate } from "./totals";
export { ECOTAX_LABEL, computeTotals, shownLineHt, shownTotalLines, shownTotals } from "./totals";
export type { OrderProblem, OrderValidationContext } from "./validation";
export { isMmsiProduct, validateOrder } from "./validation";
export type { ApprovalReason, ApprovalReasonCode, PurchasingStanding } from "./purchasing-rules";
export {
  approvalReasons,
  approvalReasonShort,
  approvalReasonText,
  approvalReasonTextForApprover,
  budgetRemaining,
  monthOf,
  NO_RULES,
} from "./purchasing-rules";
export type { Rhythm } from "./replenishment";
export { addDays, firstRun, isoWeekday, nextRun, priceRisePct, rhythmText, runsUntil, upcomingRuns, weekdayName } from "./replenishment";
