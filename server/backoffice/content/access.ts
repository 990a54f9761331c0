import type { ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema";
import { hasFlag, type Session } from "../http/session";

/**
 * Who reads the documents (docs/decisions/0122-access-to-documents.md): the organization the
 * token acts for (its own, or the client chosen by login-as), and whether the account may see
 * prices. Nothing the caller sends decides it.
 */
export interface Reader {
  orgId: number;
  seesPrices: boolean;
}

export function readerOf(session: Session): Reader {
  return { orgId: session.org.id, seesPrices: hasFlag(session, "prices") };
}

type DocumentScope = ExpressionBuilder<Database & { d: Database["download_documents"] }, "d">;

/**
 * The documents `reader` may list and download, as one SQL condition on `d`: open to all or
 * published for its organization, and no prices for an account without the `prices` flag.
 * Everything else does not exist for it (a 404, never a 403 that would say it is there).
 */
export function visibleTo(reader: Reader) {
  return (eb: DocumentScope) => {
    const audience = eb.or([
      eb("d.restricted", "=", false),
      eb.exists(
        eb
          .selectFrom("download_document_orgs as o")
          .select("o.org_id")
          .whereRef("o.document_id", "=", "d.id")
          .where("o.org_id", "=", reader.orgId),
      ),
    ]);
    return reader.seesPrices ? audience : eb.and([audience, eb("d.shows_prices", "=", false)]);
  };
}
