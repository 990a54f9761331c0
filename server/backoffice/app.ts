import express, { Router } from "express";
import type { Kysely } from "kysely";
import type { InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import { createAlertDispatcher, SILENT_ALERTS, type AlertNotifier } from "./alerts/dispatcher";
import { InvoiceOverdueJob } from "./alerts/overdue";
import { alertPreferencesRouter, unsubscribeRouter } from "./alerts/routes";
import { analyticsRouter } from "./analytics/routes";
import { approvalRequestRouter, approvalsRouter, purchasingRouter } from "./approvals/routes";
import { serviceApprovalsRouter } from "./approvals/service-routes";
import { createLoginThrottle, type LoginThrottle } from "./auth/login-throttle";
import { authRouter } from "./auth/routes";
import { relayRevocations } from "./auth/revocations";
import { SessionCache, type SessionCacheOptions } from "./auth/session-cache";
import { TokenPurge } from "./auth/token-purge";
import { CatalogueCache, type CatalogueCacheOptions } from "./cache/catalogue";
import { CertificateFiles } from "./certificates/files";
import { certificatesRouter } from "./certificates/routes";
import { defaultCertificatesDir } from "./certificates/store";
import { checkoutRouter } from "./checkout/routes";
import { contentRouter } from "./content/routes";
import { DEFAULT_TOKEN_LIFETIME_MS, hashToken } from "./auth/tokens";
import { crmRouter } from "./crm/routes";
import type { Database } from "./db/schema";
import { DEFAULT_CART_VACUUM_EVERY, TableVacuum } from "./db/vacuum";
import type { CatalogueServiceDeps } from "./http/deps";
import { errorHandler, unknownRoute, type ErrorLogger } from "./http/errors";
import { requireService } from "./http/service";
import { DEMO_SERVICE_TOKEN } from "./seed/organizations-data";
import { requireSession } from "./http/session";
import { ImportJobs } from "./imports/jobs";
import { readWebhookSettings, type WebhookSettings } from "./outbox/config";
import { OutboxDeliverer } from "./outbox/deliverer";
import { scheduleOutboxPurge } from "./outbox/purge";
import { eventsRouter } from "./outbox/routes";
import { importsRouter } from "./imports/routes";
import { customerInvoicesRouter } from "./invoices/customer-routes";
import { serviceInvoicesRouter } from "./invoices/service-routes";
import { omsRouter } from "./oms/routes";
import { customerOrdersRouter } from "./orders/customer-routes";
import { serviceOrdersRouter } from "./orders/service-routes";
import { pimRouter } from "./pim/routes";
import { ReplenishmentJob } from "./replenishment/job";
import { replenishmentRouter } from "./replenishment/routes";
import { customerReturnsRouter } from "./returns/routes";
import { serviceReturnsRouter } from "./returns/service-routes";
import { serviceReturnSettingsRouter } from "./returns/settings";
import { customerReturnSlipRouter } from "./returns/slip/routes";
import { customerQuotePdfRouter, salesQuotePdfRouter } from "./quotes/document/routes";
import { createQuoteMailNotifier, QuoteReminderJob, type BackofficeMailer, type QuoteReminderOptions } from "./quotes/mail/index";
import type { QuoteNotifier } from "./quotes/notifier";
import { customerQuotesRouter } from "./quotes/customer-routes";
import { salesQuotesRouter } from "./quotes/sales-routes";
import { serviceQuotesRouter } from "./quotes/service-routes";
import { CatalogueReadModel, type ReadModelOptions } from "./pim/read-model/read-model";
import { favoritesRouter } from "./favorites/routes";
import { orderListsRouter } from "./order-lists/routes";
import { partNumbersRouter } from "./part-numbers/routes";
import { servicePartNumbersRouter } from "./part-numbers/service-routes";
import { wmsRouter } from "./wms/routes";
import { createUserMail } from "./users/mail";
import { createRequestsApi } from "./requests/index";
import { usersRouter } from "./users/routes";

export interface BackofficeApiDeps {
  db: Kysely<Database>;
  /** The clock; tests move it to expire tokens or reach a Friday. */
  now?: () => Date;
  logger?: ErrorLogger;
  tokenLifetimeMs?: number;
  /** Lifetimes of the per-process catalogue caches (cache/catalogue.ts). */
  cache?: CatalogueCacheOptions;
  /** Freshness of the in-memory catalogue (pim/read-model/read-model.ts). */
  readModel?: ReadModelOptions;
  /**
   * Build the in-memory catalogue now rather than on the first catalogue request (servers;
   * tests leave it off). On 50,000 products this takes a few seconds.
   */
  warm?: boolean;
  /** Lifetime of resolved tokens in this process (auth/session-cache.ts). */
  sessionCache?: SessionCacheOptions;
  /**
   * Redis (REDIS_URL) through which revocations reach every back-office process at once
   * (auth/revocations.ts, decision 0143), on `<channel>:revocations`; closed with `signal`.
   */
  revocations?: { redisUrl: string; channel: string };
  /** Where certificate files go (default: certificates/store.ts); tests use a temp dir. */
  certificatesDir?: string;
  /** Cart writes between two vacuums of the carts table (db/vacuum.ts); 0 never vacuums. */
  cartVacuumEvery?: number;
  /**
   * The project's mail service (app/services/mail.server.ts createMailer): with one, the quotes'
   * e-mails go out when their events commit and the reminder job runs (docs/quotes-mail.md).
   */
  mailer?: BackofficeMailer | null;
  /** The portal's public address, for the links in e-mails; without it they give the page's path. */
  portalUrl?: string;
  /** The quote reminder job's pace and notice; false: not started (tests run it themselves). */
  quoteReminders?: QuoteReminderOptions | false;
  /** Aborted when the server closes: stops the background jobs before the database goes. */
  signal?: AbortSignal;
  /** Told of every committed quote change; default: e-mails through `mailer`, or nothing without one. */
  quoteNotifier?: QuoteNotifier;
  /**
   * The key of the alerts' unsubscribe links (alerts/tokens.ts deriveAlertsSecret, from the
   * session secret in server/app.ts): with it and a mailer the alerts go out (docs/alerts.md).
   */
  alertsSecret?: Buffer;
  /** Told of every committed order, invoice and stock event; default: alerts through `mailer`, or nothing. */
  alertNotifier?: AlertNotifier;
  /**
   * The replenishment schedules' runs and reminders (replenishment/job.ts): started with a
   * `signal` (servers), at once (catch-up) then every `everyMs` (default a minute); false: never
   * (tests run `runDueSchedules` themselves on their clock).
   */
  replenishment?: { everyMs?: number } | false;
  /** The overdue invoices' alert job (alerts/overdue.ts); false: not started (tests run it themselves). */
  overdueAlerts?: { everyMs?: number } | false;
  /**
   * Failed logins counted per account and per address (auth/login-throttle.ts, decision 0136);
   * default: in this process's memory. Servers pass one counting in Redis when REDIS_URL is set,
   * and close it.
   */
  loginThrottle?: LoginThrottle;
  /**
   * Answer the demo's public service token as unknown even when the database holds it: a
   * production deployment without DEMO_DATA=1 (decision 0163).
   */
  refuseDemoServiceToken?: boolean;
  /**
   * Where the outbox's events are posted (outbox/, decision 0183); default: from ERP_WEBHOOK_URL
   * and its neighbours (outbox/config.ts); null: none. The events are written either way.
   */
  webhook?: WebhookSettings | null;
  /** How often the deliverer looks at the outbox for other processes' events and due retries (default 1 s). */
  webhookPollMs?: number;
  /**
   * Who issues the invoices (INVOICES_ISSUED_BY, docs/invoices.md « Deux modes », decision 0184):
   * "portal" (default) at each shipment; "erp": a shipment issues none, the ERP posts its own.
   */
  invoicesIssuedBy?: InvoicesIssuedBy;
}

const consoleLogger: ErrorLogger = {
  error: (details, message) => console.error(message, details),
};

/**
 * The back-office contract (docs/backoffice-api.md) as an Express router, to be mounted at
 * /api by the project's server or by main.ts. Every route but login needs a bearer token: a
 * portal user's, or under /erp a service token of the distributor's systems.
 */
export function createBackofficeApi(deps: BackofficeApiDeps): Router {
  const logger = deps.logger ?? consoleLogger;
  const now = deps.now ?? (() => new Date());
  const quoteMail = deps.mailer
    ? createQuoteMailNotifier({ db: deps.db, mailer: deps.mailer, logger, now, portalUrl: deps.portalUrl, alertsSecret: deps.alertsSecret })
    : null;
  const alertMail =
    deps.mailer && deps.alertsSecret
      ? createAlertDispatcher({ db: deps.db, mailer: deps.mailer, logger, now, secret: deps.alertsSecret, portalUrl: deps.portalUrl })
      : null;
  const services: CatalogueServiceDeps = {
    db: deps.db,
    now,
    tokenLifetimeMs: deps.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS,
    catalogue: new CatalogueCache(deps.db, deps.cache),
    sessions: new SessionCache(deps.sessionCache),
    tokenPurge: new TokenPurge(deps.db, logger),
    certificates: new CertificateFiles(deps.db, deps.certificatesDir ?? defaultCertificatesDir(), logger),
    readModel: new CatalogueReadModel(deps.db, deps.readModel),
    cartVacuum: new TableVacuum(deps.db, "carts", deps.cartVacuumEvery ?? DEFAULT_CART_VACUUM_EVERY, logger),
    // Without a mail service nobody is told: the quote's page and timeline still say everything.
    quoteNotifier: deps.quoteNotifier ?? quoteMail ?? { notify: () => undefined },
    alerts: deps.alertNotifier ?? alertMail ?? SILENT_ALERTS,
    invoicesIssuedBy: deps.invoicesIssuedBy ?? "portal",
    refusedServiceTokens: new Set(deps.refuseDemoServiceToken ? [hashToken(DEMO_SERVICE_TOKEN)] : []),
  };
  // The accounts' security e-mails (invitation, password changed): always sent, never alerts.
  const userMail = createUserMail({ mailer: deps.mailer ?? null, logger, portalUrl: deps.portalUrl });
  // The ERP's imports, one at a time; an applied one is seen at once by this process's catalogue (decision 0180).
  const importJobs = new ImportJobs({
    db: deps.db,
    now,
    logger,
    mail: userMail,
    // The job ends once the in-memory catalogue shows the file (decision 0176): whoever reads after it sees it.
    // Resolved sessions go too: a customer's category or a person's flags count on the next call.
    onApplied: async () => {
      services.catalogue.forget();
      services.readModel.stocks.clear();
      await services.sessions.clear();
      await services.readModel.catalogueWritten();
    },
  });
  deps.signal?.addEventListener("abort", () => importJobs.close(), { once: true });
  // Another process's import (or any change of the catalogue's tables) drops this one's tree and brands too.
  services.readModel.onCatalogueChange(() => services.catalogue.forget());
  if (deps.revocations) {
    const relay = relayRevocations(services.sessions, { url: deps.revocations.redisUrl, channel: deps.revocations.channel, logger });
    deps.signal?.addEventListener("abort", () => void relay.close(), { once: true });
  }
  if (quoteMail && deps.quoteReminders !== false) {
    const reminders = new QuoteReminderJob({ db: deps.db, notifier: quoteMail, logger, now, ...deps.quoteReminders });
    reminders.start();
    deps.signal?.addEventListener("abort", () => reminders.stop(), { once: true });
  }
  if (alertMail && deps.overdueAlerts !== false) {
    const overdue = new InvoiceOverdueJob({ db: deps.db, alerts: alertMail, logger, now, ...deps.overdueAlerts });
    overdue.start();
    deps.signal?.addEventListener("abort", () => overdue.stop(), { once: true });
  }
  // Servers (with a signal) run the schedules; one run per schedule and date whatever the processes (decision 0200).
  if (deps.signal && deps.replenishment !== false) {
    const replenishment = new ReplenishmentJob({ db: deps.db, alerts: services.alerts, logger, now, ...deps.replenishment });
    replenishment.start();
    deps.signal.addEventListener("abort", () => replenishment.stop(), { once: true });
  }
  const webhook = deps.webhook === undefined ? readWebhookSettings() : deps.webhook;
  const deliverer = webhook
    ? new OutboxDeliverer({
        db: deps.db,
        target: { url: webhook.url, secret: webhook.secret },
        logger,
        now,
        pollMs: deps.webhookPollMs,
        timeoutMs: webhook.timeoutMs,
        firstRetryMs: webhook.firstRetryMs,
        retryWindowMs: webhook.retryWindowMs,
      })
    : null;
  if (deliverer) {
    deliverer.start();
    deps.signal?.addEventListener("abort", () => void deliverer.close(), { once: true });
  }
  // Servers (with a signal) forget events older than 90 days; tests run the purge themselves.
  if (deps.signal) scheduleOutboxPurge(deps.db, now, logger, deps.signal);
  if (deps.warm) {
    // A failure here is not fatal: the first catalogue request tries again and reports it.
    services.readModel.products().catch(() => undefined);
  }
  const api = Router();
  // Before the 1 MB JSON parser: a certificate travels base64-encoded, up to 5 MB of file.
  api.use("/oms/certificates", certificatesRouter(services));
  // Before the 1 MB JSON parser too: a quote's request or message may carry a 5 MB file in base64.
  const quotesJson = express.json({ limit: "8mb" });
  api.use("/oms/quotes", quotesJson);
  api.use("/sales", quotesJson);
  // Before it too: the ERP's invoice carries its PDF in base64, up to 5 MB of file; parsed only for a service token.
  api.post("/erp/invoices", requireService(services), express.json({ limit: "8mb" }));
  const authenticated = requireSession(services);
  // Before it too: a return request carries up to 5 photos of 5 MB in base64; parsed only for a session.
  api.post("/returns/:orgId", authenticated, express.json({ limit: "36mb" }));
  api.use(express.json({ limit: "1mb" }));
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // Contact, account opening, forgotten password: public; their /erp side needs a service token (docs/requests.md).
  api.use(createRequestsApi(services, { mailer: deps.mailer ?? null, logger, portalUrl: deps.portalUrl }).router);
  api.use("/auth", authRouter(services, userMail, deps.loginThrottle ?? createLoginThrottle()));
  // Public: the signed token is the proof (alerts/tokens.ts); without a key no link was ever sent.
  if (deps.alertsSecret) api.use("/alerts", unsubscribeRouter(services, deps.alertsSecret));
  api.use("/oms", authenticated, omsRouter(services));
  // The customer's purchasing rules and approval requests (docs/approvals.md).
  api.use("/oms", authenticated, approvalRequestRouter(services));
  api.use("/purchasing", authenticated, purchasingRouter(services));
  api.use("/approvals", authenticated, approvalsRouter(services));
  // Scheduled replenishment: an order list ordered every N weeks or months (docs/replenishment.md).
  api.use("/replenishment", authenticated, replenishmentRouter(services));
  // Returns of delivered orders (docs/returns.md).
  api.use("/returns", authenticated, customerReturnsRouter(services));
  // A return's slip (returns/slip/, decision 0207), with the access of the customer's return calls.
  api.use("/returns", authenticated, customerReturnSlipRouter(services));
  api.use("/oms", authenticated, customerOrdersRouter(services));
  api.use("/oms", authenticated, customerInvoicesRouter(services));
  // A proposal's PDF (quotes/document/), with the access rules of the quote's detail.
  api.use("/oms", authenticated, customerQuotePdfRouter(services));
  api.use("/oms", authenticated, customerQuotesRouter(services));
  // The representatives' own area: a contributor's identity, never a customer's (quotes/access.ts).
  api.use("/sales", authenticated, salesQuotePdfRouter(services));
  api.use("/sales", authenticated, salesQuotesRouter(services));
  api.use("/pim", authenticated, pimRouter(services));
  api.use("/pim", authenticated, favoritesRouter(services));
  // Order lists and the customer's own part numbers (docs/order-lists.md, docs/part-numbers.md).
  api.use("/order-lists", authenticated, orderListsRouter(services));
  api.use("/part-numbers", authenticated, partNumbersRouter(services));
  api.use("/wms", authenticated, wmsRouter(services));
  // News and documents: any portal user reads what its organization may have (docs/content.md).
  api.use("/content", authenticated, contentRouter(services));
  api.use("/crm", authenticated, crmRouter(services));
  api.use("/crm", authenticated, usersRouter(services, userMail));
  api.use("/crm", authenticated, checkoutRouter(services));
  api.use("/crm", authenticated, alertPreferencesRouter(services));
  // The distributor's systems, with a service token: never a portal user's (decision 0102).
  // Its data feeds (imports/, docs/integration.md) take a file as the body, up to 50 MB, read by their own parser.
  api.use(
    "/erp",
    requireService(services),
    serviceOrdersRouter(services),
    serviceInvoicesRouter(services),
    serviceQuotesRouter(services),
    serviceApprovalsRouter(services),
    servicePartNumbersRouter(services),
    serviceReturnSettingsRouter(services),
    // Returns: the distributor's steps (docs/returns.md).
    serviceReturnsRouter(services),
    importsRouter(importJobs),
    // The business events in order, for an ERP that polls; those set aside after a day of failed deliveries.
    eventsRouter({ db: deps.db, now, onReplay: () => deliverer?.wake() }),
  );
  // The page-view report (docs/analytics.md, decision 0125): the distributor's systems too.
  api.use("/analytics", requireService(services), analyticsRouter(services));
  api.use(unknownRoute);
  api.use(errorHandler(logger));
  return api;
}
