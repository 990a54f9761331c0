import type { Migration, MigrationProvider } from "kysely";
import * as core from "./0001_core";
import * as favorites from "./0002_favorites";
import * as certificates from "./0003_certificates";
import * as performance from "./0005_performance";
import * as catalogueRevisions from "./0006_catalogue_revisions";
import * as cartJson from "./0007_cart_json";
import * as orderAmountsBigint from "./0008_order_amounts_bigint";
import * as orderLifecycle from "./0009_order_lifecycle";
import * as serviceTokens from "./0010_service_tokens";
import * as invoices from "./0011_invoices";
import * as quotes from "./0012_quotes";
import * as usersAdmin from "./0013_users_admin";
import * as alerts from "./0014_alerts";
import * as content from "./0015_content";
import * as requests from "./0016_requests";
import * as analytics from "./0017_analytics";
import * as searchDocument from "./0018_search_document";
import * as newsPicturesUnderImages from "./0019_news_pictures_under_images";
import * as erpReferences from "./0020_erp_references";
import * as priceGroups from "./0021_price_groups";
import * as customerFeeds from "./0022_customer_feeds";
import * as productReferenceUnique from "./0023_product_reference_unique";
import * as importJobs from "./0024_import_jobs";
import * as outbox from "./0025_outbox";
import * as erpInvoices from "./0026_erp_invoices";
import * as invoicePlatformStatuses from "./0027_invoice_platform_statuses";
import * as invoicesNeedPrices from "./0028_invoices_need_prices";
import * as purchasingApprovals from "./0029_purchasing_approvals";
import * as orderLists from "./0030_order_lists";
import * as returns from "./0031_returns";
import * as creditNotesLinkedToReturns from "./0032_credit_notes_linked_to_returns";

/**
 * Every migration, by name, in a static object so that it works unchanged in tests, under
 * tsx and in a bundled server (no directory scanning). Later issues add "0002_…" here.
 */
const migrations: Record<string, Migration> = {
  "0001_core": core,
  "0002_favorites": favorites,
  "0003_certificates": certificates,
  "0005_performance": performance,
  "0006_catalogue_revisions": catalogueRevisions,
  "0007_cart_json": cartJson,
  "0008_order_amounts_bigint": orderAmountsBigint,
  "0009_order_lifecycle": orderLifecycle,
  "0010_service_tokens": serviceTokens,
  "0011_invoices": invoices,
  "0012_quotes": quotes,
  "0013_users_admin": usersAdmin,
  "0014_alerts": alerts,
  "0015_content": content,
  "0016_requests": requests,
  "0017_analytics": analytics,
  "0018_search_document": searchDocument,
  "0019_news_pictures_under_images": newsPicturesUnderImages,
  "0020_erp_references": erpReferences,
  "0021_price_groups": priceGroups,
  "0022_customer_feeds": customerFeeds,
  "0023_product_reference_unique": productReferenceUnique,
  "0024_import_jobs": importJobs,
  "0025_outbox": outbox,
  "0026_erp_invoices": erpInvoices,
  "0027_invoice_platform_statuses": invoicePlatformStatuses,
  "0028_invoices_need_prices": invoicesNeedPrices,
  "0029_purchasing_approvals": purchasingApprovals,
  "0030_order_lists": orderLists,
  "0031_returns": returns,
  "0032_credit_notes_linked_to_returns": creditNotesLinkedToReturns,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
