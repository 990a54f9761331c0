/** The quotes' e-mails and their scheduled reminder (docs/quotes-mail.md). */
export { createQuoteMailNotifier, CUSTOMER_QUOTE_PATH, SALES_QUOTE_PATH } from "./notifier";
export type { BackofficeMailer, QuoteMailNotifier, QuoteMailNotifierDeps } from "./notifier";
export { QuoteReminderJob, DEFAULT_QUOTE_REMINDER_DAYS, DEFAULT_QUOTE_REMINDER_EVERY_MS } from "./reminders";
export type { QuoteReminderOptions, QuoteReminderRun } from "./reminders";
export { quoteMail } from "./templates";
export type { QuoteMailFacts, QuoteMailKind } from "./templates";
