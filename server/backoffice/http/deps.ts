import type { Kysely } from "kysely";
import type { InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { SessionCache } from "../auth/session-cache";
import type { CertificateFiles } from "../certificates/files";
import type { Session } from "./session";
import type { TokenPurge } from "../auth/token-purge";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";
import type { TableVacuum } from "../db/vacuum";
import type { CatalogueReadModel } from "../pim/read-model/read-model";
import type { QuoteNotifier } from "../quotes/notifier";

/** What every service router needs: the database and the clock (tests move it). */
export interface ServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  tokenLifetimeMs: number;
  /** Tokens resolved recently by this process; cleared by every revocation. */
  sessions: SessionCache<Session>;
  /** Told of every login: deletes long-expired tokens now and then (auth/token-purge.ts). */
  tokenPurge: TokenPurge;
  /** The MMSI certificates' rows and files, deleted when nothing refers to them any more (certificates/files.ts). */
  certificates: CertificateFiles;
  /** Told of each quote change once it has committed: the e-mails go out from there (quotes/mail/). */
  quoteNotifier: QuoteNotifier;
  /** Told of each order, invoice and stock event once it has committed: the alerts go out from there (alerts/). */
  alerts: AlertNotifier;
  /**
   * Who issues the invoices (INVOICES_ISSUED_BY, decision 0184): the portal at each shipment, or
   * the ERP through POST /api/erp/invoices (a shipment then issues none).
   */
  invoicesIssuedBy: InvoicesIssuedBy;
  /**
   * Hashes of service tokens answered as unknown whatever the database holds: the demo's, in
   * production without DEMO_DATA=1 (decision 0163).
   */
  refusedServiceTokens?: ReadonlySet<string>;
}

/** The routers that read the catalogue also get what is cached per process for everyone. */
export interface CatalogueServiceDeps extends ServiceDeps {
  catalogue: CatalogueCache;
  /** Products and organizations' prices in memory (pim/read-model/). */
  readModel: CatalogueReadModel;
  /** Told of every cart write: PGlite has no autovacuum (db/vacuum.ts). */
  cartVacuum: TableVacuum;
}
